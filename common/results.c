/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * results.c — the results container (see results.h): what was run and how
 * far the analysis got (program, command, argv, mode, duration,
 * executions, bounds hit, completeness, strategies, prediction counts),
 * the static candidates and the findings, kept in a deterministic order.
 * The finding object is in results-finding.c, the names of the
 * enumerations in results-names.c, the text form in results-text.c and the
 * JSON form in results-json.c.
 *
 * Invariants kept by the builders, so that readers and writers never sort:
 *   - bounds hit are sorted and unique; prediction counts are a dense table;
 *   - the findings and static candidates are sorted on demand (a "dirty"
 *     flag), because writers may fill a finding after adding it.
 */
#include "config.h"

#include "common/results.h"
#include "common/results-private.h"

#include <string.h>

G_DEFINE_QUARK (augur-results-error-quark, augur_results_error)

static void
candidate_clear (gpointer p)
{
  AugurStaticCandidate *c = p;
  g_free (c->object);
  g_free (c->file_a);
  g_free (c->file_b);
}

static GPtrArray *
new_strv_array (void)
{
  GPtrArray *a = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (a, NULL);
  return a;
}

/* A word the shell reads as itself, needing no quotes. */
static gboolean
is_plain_word (const char *w)
{
  if (*w == '\0')
    return FALSE;
  for (const char *p = w; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && strchr ("_./=:,+-@%", *p) == NULL)
      return FALSE;
  return TRUE;
}

static void
strategy_clear (gpointer p)
{
  AugurStrategy *s = p;
  g_free (s->name);
  g_free (s->guarantee);
}

AugurResults *
augur_results_new (const char *program, const char *command)
{
  g_return_val_if_fail (program != NULL, NULL);
  g_return_val_if_fail (command != NULL, NULL);

  AugurResults *r = g_new0 (AugurResults, 1);
  r->ref_count = 1;
  r->program = g_strdup (program);
  r->command = g_strdup (command);
  r->argv = new_strv_array ();
  r->bounds_hit = new_strv_array ();
  r->complete = -1;
  r->strategies = g_array_new (FALSE, TRUE, sizeof (AugurStrategy));
  g_array_set_clear_func (r->strategies, strategy_clear);
  r->candidates = g_array_new (FALSE, TRUE, sizeof (AugurStaticCandidate));
  g_array_set_clear_func (r->candidates, candidate_clear);
  r->findings = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_finding_unref);
  g_datalist_init (&r->data);
  return r;
}

AugurResults *
augur_results_ref (AugurResults *results)
{
  g_return_val_if_fail (results != NULL, NULL);
  g_atomic_int_inc (&results->ref_count);
  return results;
}

void
augur_results_unref (AugurResults *results)
{
  g_return_if_fail (results != NULL);
  if (!g_atomic_int_dec_and_test (&results->ref_count))
    return;
  g_free (results->program);
  g_free (results->command);
  g_ptr_array_unref (results->argv);
  g_free (results->mode);
  g_free (results->source_dir);
  g_clear_pointer (&results->started, g_date_time_unref);
  g_ptr_array_unref (results->bounds_hit);
  g_free (results->completeness);
  g_array_unref (results->strategies);
  g_array_unref (results->candidates);
  g_ptr_array_unref (results->findings);
  g_datalist_clear (&results->data);
  g_free (results);
}

void
augur_results_set_data (AugurResults *results, const char *key, gpointer data,
                        GDestroyNotify destroy)
{
  g_return_if_fail (results != NULL && key != NULL);
  g_datalist_set_data_full (&results->data, key, data, destroy);
}

gpointer
augur_results_get_data (AugurResults *results, const char *key)
{
  g_return_val_if_fail (results != NULL && key != NULL, NULL);
  return g_datalist_get_data (&results->data, key);
}

void
augur_results_set_argv (AugurResults *results, const char *const *argv)
{
  g_return_if_fail (results != NULL);
  g_ptr_array_set_size (results->argv, 0);
  for (guint i = 0; argv != NULL && argv[i] != NULL; i++)
    g_ptr_array_add (results->argv, g_strdup (argv[i]));
  g_ptr_array_add (results->argv, NULL);
}

void
augur_results_set_mode (AugurResults *results, const char *mode)
{
  g_return_if_fail (results != NULL);
  augur_results_set_string_ (&results->mode, mode);
}

void
augur_results_set_malloc_reuse (AugurResults *results, gboolean reuse)
{
  g_return_if_fail (results != NULL);
  results->malloc_reuse = reuse;
}

gboolean
augur_results_get_malloc_reuse (AugurResults *results)
{
  g_return_val_if_fail (results != NULL, FALSE);
  return results->malloc_reuse;
}

void
augur_results_set_source_dir (AugurResults *results, const char *dir)
{
  g_return_if_fail (results != NULL);
  augur_results_set_string_ (&results->source_dir, dir);
}

void
augur_results_set_started (AugurResults *results, GDateTime *started)
{
  g_return_if_fail (results != NULL);
  g_clear_pointer (&results->started, g_date_time_unref);
  if (started != NULL)
    results->started = g_date_time_ref (started);
}

void
augur_results_set_duration (AugurResults *results, double seconds)
{
  g_return_if_fail (results != NULL);
  g_return_if_fail (seconds >= 0);
  results->duration = seconds;
}

void
augur_results_set_executions (AugurResults *results, guint64 executions)
{
  g_return_if_fail (results != NULL);
  results->executions = executions;
}

void
augur_results_add_bound_hit (AugurResults *results, const char *bound)
{
  g_return_if_fail (results != NULL);
  g_return_if_fail (bound != NULL);

  GPtrArray *a = results->bounds_hit;
  guint n = a->len - 1, pos = 0;   /* last slot is the NULL terminator */
  while (pos < n && strcmp (g_ptr_array_index (a, pos), bound) < 0)
    pos++;
  if (pos < n && strcmp (g_ptr_array_index (a, pos), bound) == 0)
    return;
  g_ptr_array_insert (a, (gint) pos, g_strdup (bound));
}

void
augur_results_set_completeness (AugurResults *results, gboolean complete, const char *summary)
{
  g_return_if_fail (results != NULL);
  g_return_if_fail (summary != NULL);
  results->complete = complete ? 1 : 0;
  augur_results_set_string_ (&results->completeness, summary);
}

gboolean
augur_results_get_completeness (AugurResults *results, gboolean *complete, const char **summary)
{
  g_return_val_if_fail (results != NULL, FALSE);
  if (results->complete < 0)
    return FALSE;
  if (complete != NULL)
    *complete = results->complete == 1;
  if (summary != NULL)
    *summary = results->completeness;
  return TRUE;
}

void
augur_results_add_strategy (AugurResults *results, const char *name, const char *guarantee,
                            guint64 executions)
{
  g_return_if_fail (results != NULL);
  g_return_if_fail (name != NULL && guarantee != NULL);
  AugurStrategy s = { g_strdup (name), g_strdup (guarantee), executions };
  g_array_append_val (results->strategies, s);
}

guint
augur_results_get_n_strategies (AugurResults *results)
{
  g_return_val_if_fail (results != NULL, 0);
  return results->strategies->len;
}

const AugurStrategy *
augur_results_get_strategy (AugurResults *results, guint i)
{
  g_return_val_if_fail (results != NULL && i < results->strategies->len, NULL);
  return &g_array_index (results->strategies, AugurStrategy, i);
}

void
augur_results_add_predictions (AugurResults *results, AugurFindingKind kind,
                               AugurPredictionClass cls, guint64 count)
{
  g_return_if_fail (results != NULL);
  g_return_if_fail (kind < AUGUR_FINDING_N_KINDS);
  g_return_if_fail (cls < AUGUR_PREDICTION_N_CLASSES);
  results->predictions[kind][cls] += count;
}

void
augur_results_add_static_candidate (AugurResults *results, const char *object,
                                    const char *file_a, guint line_a,
                                    const char *file_b, guint line_b)
{
  g_return_if_fail (results != NULL);
  g_return_if_fail (file_a != NULL && file_b != NULL);

  /* A pair is unordered: store it with its smaller location first. */
  AugurResultsLoc la = { file_a, line_a }, lb = { file_b, line_b };
  if (augur_results_loc_cmp_ (&la, &lb) > 0)
    {
      AugurResultsLoc t = la;
      la = lb;
      lb = t;
    }
  AugurStaticCandidate c = {
    .object = g_strdup (object),
    .file_a = g_strdup (la.file),
    .line_a = la.line,
    .file_b = g_strdup (lb.file),
    .line_b = lb.line,
  };
  g_array_append_val (results->candidates, c);
  results->dirty = TRUE;
}

void
augur_results_add_finding (AugurResults *results, AugurFinding *finding)
{
  g_return_if_fail (results != NULL);
  g_return_if_fail (finding != NULL);
  g_ptr_array_add (results->findings, augur_finding_ref (finding));
  results->dirty = TRUE;
}

void
augur_results_replace_finding (AugurResults *results, AugurFinding *old, AugurFinding *finding)
{
  g_return_if_fail (results != NULL && finding != NULL);
  guint i;
  if (!g_ptr_array_find (results->findings, old, &i))
    g_return_if_reached ();
  augur_finding_unref (g_ptr_array_index (results->findings, i));
  g_ptr_array_index (results->findings, i) = augur_finding_ref (finding);
  results->dirty = TRUE;
}

static int
finding_ptr_cmp (gconstpointer a, gconstpointer b)
{
  return augur_finding_compare (*(AugurFinding *const *) a, *(AugurFinding *const *) b);
}

static int
candidate_cmp (gconstpointer pa, gconstpointer pb)
{
  const AugurStaticCandidate *a = pa, *b = pb;
  AugurResultsLoc a1 = { a->file_a, a->line_a }, b1 = { b->file_a, b->line_a };
  AugurResultsLoc a2 = { a->file_b, a->line_b }, b2 = { b->file_b, b->line_b };
  int c = augur_results_loc_cmp_ (&a1, &b1);
  if (c == 0)
    c = augur_results_loc_cmp_ (&a2, &b2);
  if (c == 0)
    c = g_strcmp0 (a->object, b->object);
  return c;
}

void
augur_results_sort_findings_ (AugurResults *r)
{
  if (!r->dirty)
    return;
  /* g_ptr_array_sort and g_array_sort are stable (merge sort in GLib). */
  g_ptr_array_sort (r->findings, finding_ptr_cmp);
  g_array_sort (r->candidates, candidate_cmp);
  r->dirty = FALSE;
}

const char *
augur_results_get_program (AugurResults *results)
{
  return results->program;
}

const char *
augur_results_get_command (AugurResults *results)
{
  return results->command;
}

const char *const *
augur_results_get_argv (AugurResults *results)
{
  return (const char *const *) results->argv->pdata;
}

char *
augur_results_dup_command_line (AugurResults *results)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i + 1 < results->argv->len; i++)
    {
      const char *w = g_ptr_array_index (results->argv, i);
      if (i > 0)
        g_string_append_c (s, ' ');
      if (is_plain_word (w))
        g_string_append (s, w);
      else
        {
          g_autofree char *q = g_shell_quote (w);
          g_string_append (s, q);
        }
    }
  return g_string_free (s, FALSE);
}

const char *
augur_results_get_mode (AugurResults *results)
{
  return results->mode;
}

const char *
augur_results_get_source_dir (AugurResults *results)
{
  return results->source_dir;
}

GDateTime *
augur_results_get_started (AugurResults *results)
{
  return results->started;
}

double
augur_results_get_duration (AugurResults *results)
{
  return results->duration;
}

guint64
augur_results_get_executions (AugurResults *results)
{
  return results->executions;
}

const char *const *
augur_results_get_bounds_hit (AugurResults *results)
{
  return (const char *const *) results->bounds_hit->pdata;
}

guint64
augur_results_get_n_predictions (AugurResults *results, AugurPredictionClass cls)
{
  g_return_val_if_fail (cls < AUGUR_PREDICTION_N_CLASSES, 0);
  guint64 n = 0;
  for (guint k = 0; k < AUGUR_FINDING_N_KINDS; k++)
    n += results->predictions[k][cls];
  return n;
}

GArray *
augur_results_dup_prediction_counts (AugurResults *results)
{
  GArray *a = g_array_new (FALSE, FALSE, sizeof (AugurPredictionCount));
  for (guint k = 0; k < AUGUR_FINDING_N_KINDS; k++)
    for (guint c = 0; c < AUGUR_PREDICTION_N_CLASSES; c++)
      if (results->predictions[k][c] != 0)
        {
          AugurPredictionCount pc = { k, c, results->predictions[k][c] };
          g_array_append_val (a, pc);
        }
  return a;
}

guint
augur_results_get_n_static_candidates (AugurResults *results)
{
  return results->candidates->len;
}

const AugurStaticCandidate *
augur_results_get_static_candidate (AugurResults *results, guint i)
{
  g_return_val_if_fail (i < results->candidates->len, NULL);
  augur_results_sort_findings_ (results);
  return &g_array_index (results->candidates, AugurStaticCandidate, i);
}

guint
augur_results_get_n_findings (AugurResults *results)
{
  return results->findings->len;
}

AugurFinding *
augur_results_get_finding (AugurResults *results, guint i)
{
  g_return_val_if_fail (i < results->findings->len, NULL);
  augur_results_sort_findings_ (results);
  return g_ptr_array_index (results->findings, i);
}

GPtrArray *
augur_results_steal_findings (AugurResults *results)
{
  g_return_val_if_fail (results != NULL, NULL);
  augur_results_sort_findings_ (results);
  GPtrArray *taken = results->findings;
  results->findings = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_finding_unref);
  return taken;
}

guint
augur_results_count_severity (AugurResults *results, AugurSeverity severity)
{
  guint n = 0;
  for (guint i = 0; i < results->findings->len; i++)
    n += ((AugurFinding *) g_ptr_array_index (results->findings, i))->severity == severity;
  return n;
}

guint
augur_results_count_failing (AugurResults *results, AugurSeverity threshold)
{
  guint n = 0;
  for (guint s = 0; s <= threshold && s < AUGUR_SEVERITY_N; s++)
    n += augur_results_count_severity (results, s);
  if (threshold >= AUGUR_SEVERITY_NOTE)
    n += results->candidates->len;
  return n;
}

guint64
augur_results_count_steps (AugurResults *results)
{
  guint64 steps = 0;
  for (guint i = 0; i < augur_results_get_n_findings (results); i++)
    {
      AugurFinding *f = augur_results_get_finding (results, i);
      steps += augur_finding_get_n_steps (f);
      for (guint k = 0; k < augur_finding_get_n_parts (f); k++)
        steps += augur_finding_get_n_steps (augur_finding_get_part (f, k));
    }
  return steps;
}

char *
augur_results_dup_severity_summary (AugurResults *results)
{
  static const char *const plural[AUGUR_SEVERITY_N] = { "errors", "warnings", "notes" };
  GString *s = g_string_new (NULL);
  for (guint sev = 0; sev < AUGUR_SEVERITY_N; sev++)
    {
      guint n = augur_results_count_severity (results, sev);
      if (sev == AUGUR_SEVERITY_NOTE)
        n += results->candidates->len;
      if (n == 0)
        continue;
      g_string_append_printf (s, "%s%u %s", s->len > 0 ? ", " : "", n,
                              n == 1 ? augur_severity_to_string (sev) : plural[sev]);
    }
  if (s->len == 0)
    g_string_append (s, "no finding");
  return g_string_free (s, FALSE);
}

void
augur_results_set_replay_commands (AugurResults *results, const char *path)
{
  g_return_if_fail (results != NULL && path != NULL);
  augur_results_sort_findings_ (results);
  /* the command is copied from a report opened anywhere: an absolute
   * path works from every directory, "../out" only from the run's */
  g_autofree char *abs = g_canonicalize_filename (path, NULL);
  path = abs;
  /* "path#N" needs quotes when path does ('#' only starts a comment after
   * a blank) */
  gboolean plain = is_plain_word (path);
  for (guint i = 0; i < results->findings->len; i++)
    {
      AugurFinding *f = g_ptr_array_index (results->findings, i);
      /* an unconfirmed prediction's schedule names trace events; an
       * inversion that did not deadlock is no event to replay */
      if ((f->pattern != NULL && f->cls < 0) || f->kind == AUGUR_FINDING_LOCK_ORDER)
        continue;
      g_autofree char *target = g_strdup_printf ("%s#%u", path, i + 1);
      g_autofree char *quoted = plain ? g_strdup (target) : g_shell_quote (target);
      g_autofree char *cmd = g_strconcat ("augur replay ", quoted, NULL);
      augur_finding_set_replay (f, cmd);
    }
}
