/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dt-run.c — one program, four explorers, one verdict; see dt-run.h.
 */
#include "config.h"

#include "tests/difftest/dt-run.h"

#include <string.h>

#include "explorer/explore.h"
#include "tests/difftest/dt-model.h"
#include "tests/difftest/dt-naive.h"

static const char *const mode_names[] = { "optimal", "dpor", "preempt" };
static const AugurExploreMode modes[] = { AUGUR_EXPLORE_MODE_OPTIMAL, AUGUR_EXPLORE_MODE_DPOR,
                                          AUGUR_EXPLORE_MODE_PREEMPT };
#define N_MODES 3
#define MAX_EXAMPLES 3     /* differing outcomes or traces shown per check */
#define MODE_TIMEOUT 120.0 /* seconds: an explorer that loops is a disagreement */

void
dt_verdict_init (DtVerdict *v)
{
  memset (v, 0, sizeof *v);
  v->classes = g_ptr_array_new_with_free_func (g_free);
  v->details = g_string_new (NULL);
  v->outcomes = g_string_new (NULL);
}

void
dt_verdict_clear (DtVerdict *v)
{
  g_clear_pointer (&v->classes, g_ptr_array_unref);
  if (v->details != NULL)
    g_string_free (v->details, TRUE);
  v->details = NULL;
  if (v->outcomes != NULL)
    g_string_free (v->outcomes, TRUE);
  v->outcomes = NULL;
}

gboolean
dt_verdict_has (const DtVerdict *v, const char *klass)
{
  return g_ptr_array_find_with_equal_func (v->classes, klass, g_str_equal, NULL);
}

static gint
cmp_str_ptr (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

char *
dt_verdict_classes (const DtVerdict *v)
{
  GString *s = g_string_new (NULL);
  for (guint k = 0; k < v->classes->len; k++)
    g_string_append_printf (s, "%s%s", k ? " " : "", (const char *) g_ptr_array_index (v->classes, k));
  return g_string_free (s, FALSE);
}

static void G_GNUC_PRINTF (3, 4)
disagree (DtVerdict *v, const char *klass, const char *fmt, ...)
{
  v->kind = DT_VERDICT_DISAGREE;
  if (!dt_verdict_has (v, klass))
    {
      g_ptr_array_add (v->classes, g_strdup (klass));
      g_ptr_array_sort (v->classes, cmp_str_ptr);
    }
  va_list ap;
  va_start (ap, fmt);
  g_string_append_vprintf (v->details, fmt, ap);
  va_end (ap);
  g_string_append_c (v->details, '\n');
}

/* Keys of @a not in @b, sorted; at most MAX_EXAMPLES of them in @shown
 * (borrowed), their number returned. */
static guint
missing (GHashTable *a, GHashTable *b, const char **shown)
{
  g_autofree const char **keys = dt_sorted_keys (a);
  guint n = 0;
  for (guint k = 0; keys[k] != NULL; k++)
    if (!g_hash_table_contains (b, keys[k]))
      {
        if (n < MAX_EXAMPLES)
          shown[n] = keys[k];
        n++;
      }
  return n;
}

static gboolean
on_execution (const AugurSchedShm *shm, gboolean killed, gpointer data)
{
  dt_collect_add (data, shm, killed);
  return TRUE;
}

/* The class of an outcome @mode misses (or, @extra, reports wrongly):
 * "outcomes:MODE:KIND", KIND the outcome's first word ("+KIND" if extra). */
static char *
outcome_class (const char *mode, const char *outcome, gboolean extra)
{
  const char *sp = strchr (outcome, ' ');
  g_autofree char *kind = sp != NULL ? g_strndup (outcome, (gsize) (sp - outcome)) : g_strdup (outcome);
  return g_strdup_printf ("outcomes:%s:%s%s", mode, extra ? "+" : "", kind);
}

static void
compare_outcomes (DtVerdict *v, const char *mode, DtCollect *naive, DtCollect *c)
{
  g_autofree const char **a = dt_sorted_keys (naive->outcomes);
  g_autofree const char **b = dt_sorted_keys (c->outcomes);
  for (guint k = 0; a[k] != NULL; k++)
    if (!g_hash_table_contains (c->outcomes, a[k]))
      {
        g_autofree char *klass = outcome_class (mode, a[k], FALSE);
        disagree (v, klass, "%s misses outcome '%s' (a schedule showing it: %s)", mode, a[k],
                  (const char *) g_hash_table_lookup (naive->outcomes, a[k]));
      }
  for (guint k = 0; b[k] != NULL; k++)
    if (!g_hash_table_contains (naive->outcomes, b[k]))
      {
        g_autofree char *klass = outcome_class (mode, b[k], TRUE);
        disagree (v, klass, "%s reports outcome '%s' that no schedule shows (its trace: %s)",
                  mode, b[k], (const char *) g_hash_table_lookup (c->outcomes, b[k]));
      }
}

static void
compare_traces (DtVerdict *v, const char *mode, DtCollect *naive, DtCollect *c)
{
  const char *shown[MAX_EXAMPLES];
  g_autofree char *klass = g_strdup_printf ("traces:%s", mode);
  guint n = missing (naive->traces, c->traces, shown);
  if (n > 0)
    disagree (v, klass, "%s misses %u of %u traces, e.g. %s (%s)", mode, n,
              g_hash_table_size (naive->traces), shown[0],
              (const char *) g_hash_table_lookup (naive->traces, shown[0]));
  n = missing (c->traces, naive->traces, shown);
  if (n > 0)
    disagree (v, klass, "%s completes %u traces no schedule has, e.g. %s (%s)", mode, n, shown[0],
              (const char *) g_hash_table_lookup (c->traces, shown[0]));
}

static char *outcome_class (const char *mode, const char *outcome, gboolean extra);

/* The naive walk (the runtime) against the model (the program's text). */
static void
compare_model (DtVerdict *v, const DtModelResult *model, DtCollect *naive)
{
  g_autofree const char **a = dt_sorted_keys (model->outcomes);
  g_autofree const char **b = dt_sorted_keys (naive->outcomes);
  for (guint k = 0; a[k] != NULL; k++)
    if (!g_hash_table_contains (naive->outcomes, a[k]))
      {
        g_autofree char *klass = outcome_class ("model", a[k], FALSE);
        disagree (v, klass, "the runtime never shows outcome '%s' that the model reaches "
                  "(model schedule %s)", a[k], (const char *) g_hash_table_lookup (model->outcomes, a[k]));
      }
  for (guint k = 0; b[k] != NULL; k++)
    if (!g_hash_table_contains (model->outcomes, b[k]))
      {
        g_autofree char *klass = outcome_class ("model", b[k], TRUE);
        disagree (v, klass, "the runtime shows outcome '%s' that the model never reaches "
                  "(trace %s)", b[k], (const char *) g_hash_table_lookup (naive->outcomes, b[k]));
      }
  if (model->schedules != naive->executions)
    disagree (v, "count:model", "the model has %" G_GUINT64_FORMAT " schedules, the runtime %"
              G_GUINT64_FORMAT, model->schedules, naive->executions);
}

gboolean
dt_run_program (const char *program, const DtRunOptions *o, DtVerdict *v, GError **error)
{
  const char *argv[] = { o->vm, program, NULL };
  DtProgram prog;
  if (dt_program_parse (program, &prog) != 0 || dt_program_check (&prog) != 0)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "not a well-formed program: '%s'",
                   program);
      return FALSE;
    }
  DtModelResult model;
  dt_model_explore (&prog, o->max_schedules, &model);
  v->model_schedules = model.schedules;
  if (model.over_limit)
    {
      v->kind = DT_VERDICT_SKIPPED;
      dt_model_result_clear (&model);
      return TRUE;
    }
  g_autoptr (AugurExecutor) ex = augur_executor_new (argv, FALSE, error);
  if (ex == NULL)
    return FALSE;
  DtNaiveOptions no = { o->max_schedules, o->max_steps, o->exec_timeout };
  DtNaiveResult naive;
  g_autoptr (GError) nerr = NULL;
  gboolean ok = dt_naive_explore (ex, &no, &naive, &nerr);
  v->schedules = naive.all.executions;
  v->traces = g_hash_table_size (naive.all.traces);
  v->infeasible = naive.infeasible;
  v->runs = naive.all.executions + naive.infeasible + naive.all.diverged;
  if (!ok)
    {
      disagree (v, "error:naive", "naive: %s", nerr->message);
      dt_naive_result_clear (&naive);
      dt_model_result_clear (&model);
      return TRUE;
    }
  if (g_hash_table_contains (naive.all.outcomes, "exit 250"))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "%s rejected the program '%s'", o->vm, program);
      dt_naive_result_clear (&naive);
      dt_model_result_clear (&model);
      return FALSE;
    }
  if (naive.over_limit)
    {
      /* the model had fewer: the runtime makes more steps than it */
      disagree (v, "count:model", "the model has %" G_GUINT64_FORMAT " schedules, the runtime "
                "more than %" G_GUINT64_FORMAT, model.schedules, o->max_schedules);
      dt_naive_result_clear (&naive);
      dt_model_result_clear (&model);
      return TRUE;
    }
  compare_model (v, &model, &naive.all);
  g_autofree const char **seen = dt_sorted_keys (naive.all.outcomes);
  for (guint k = 0; seen[k] != NULL; k++)
    g_string_append_printf (v->outcomes, "%s (%s)\n", seen[k],
                            (const char *) g_hash_table_lookup (naive.all.outcomes, seen[k]));
  dt_model_result_clear (&model);
  if (naive.all.diverged > 0)
    disagree (v, "diverged:naive", "naive: %" G_GUINT64_FORMAT " executions did not follow their prefix",
              naive.all.diverged);
  for (guint k = 0; k < naive.all.inconsistent->len && k < MAX_EXAMPLES; k++)
    disagree (v, "dependence", "one trace, two outcomes: %s",
              (const char *) g_ptr_array_index (naive.all.inconsistent, k));

  for (guint m = 0; m < N_MODES; m++)
    {
      const char *name = mode_names[m];
      DtCollect c;
      dt_collect_init (&c);
      AugurExploreOptions eo;
      augur_explore_options_init (&eo);
      eo.mode = modes[m];
      eo.bound = modes[m] == AUGUR_EXPLORE_MODE_PREEMPT ? G_MAXUINT : 0;
      eo.timeout = MODE_TIMEOUT;
      eo.exec_timeout = o->exec_timeout;
      eo.max_steps = o->max_steps ? o->max_steps : 10000;
      eo.no_diagnose = TRUE;
      eo.executor = ex;
      eo.on_execution = on_execution;
      eo.user_data = &c;
      AugurExploreStats st;
      g_autoptr (GError) merr = NULL;
      g_autoptr (AugurResults) r = augur_explore (argv, &eo, &st, &merr);
      v->executions[m] = st.executions;
      v->blocked[m] = st.blocked;
      v->runs += st.executions + st.blocked + st.infeasible + st.diverged;
      g_autofree char *klass = NULL;
      if (r == NULL)
        {
          klass = g_strdup_printf ("error:%s", name);
          disagree (v, klass, "%s: %s", name, merr->message);
          dt_collect_clear (&c);
          continue;
        }
      if (!st.complete || st.timed_out || st.preemption_bound_hit)
        {
          klass = g_strdup_printf ("incomplete:%s", name);
          disagree (v, klass, "%s: not complete (timed out: %d, bound hit: %d)", name,
                    st.timed_out, st.preemption_bound_hit);
        }
      if (c.diverged > 0)
        {
          g_free (klass);
          klass = g_strdup_printf ("diverged:%s", name);
          disagree (v, klass, "%s: %" G_GUINT64_FORMAT " executions did not follow their prefix",
                    name, c.diverged);
        }
      compare_outcomes (v, name, &naive.all, &c);
      g_free (klass);
      klass = g_strdup_printf ("count:%s", name);
      if (modes[m] == AUGUR_EXPLORE_MODE_PREEMPT)
        {
          if (c.executions != naive.all.executions)
            disagree (v, klass, "preempt: %" G_GUINT64_FORMAT " executions, naive: %"
                      G_GUINT64_FORMAT " schedules", c.executions, naive.all.executions);
        }
      else
        {
          compare_traces (v, name, &naive.all, &c);
          if (c.executions != g_hash_table_size (naive.all.traces))
            disagree (v, klass, "%s: %" G_GUINT64_FORMAT " executions (%" G_GUINT64_FORMAT
                      " of them repeating a trace), naive: %u traces", name, c.executions,
                      c.duplicate_traces, g_hash_table_size (naive.all.traces));
        }
      dt_collect_clear (&c);
    }
  dt_naive_result_clear (&naive);
  return TRUE;
}
