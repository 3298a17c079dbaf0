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

const char *const dt_pass_names[DT_PASSES] = { "no spurious wake-ups", "spurious wake-ups" };
/* appended to the classes of each pass */
static const char *const pass_suffix[DT_PASSES] = { "", "/spurious" };

void
dt_verdict_init (DtVerdict *v)
{
  memset (v, 0, sizeof *v);
  v->classes = g_ptr_array_new_with_free_func (g_free);
  v->details = g_string_new (NULL);
  for (guint p = 0; p < DT_PASSES; p++)
    v->pass[p].outcomes = g_string_new (NULL);
}

void
dt_verdict_clear (DtVerdict *v)
{
  g_clear_pointer (&v->classes, g_ptr_array_unref);
  if (v->details != NULL)
    g_string_free (v->details, TRUE);
  v->details = NULL;
  for (guint p = 0; p < DT_PASSES; p++)
    {
      if (v->pass[p].outcomes != NULL)
        g_string_free (v->pass[p].outcomes, TRUE);
      v->pass[p].outcomes = NULL;
    }
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
  g_autofree char *name = g_strconcat (klass, pass_suffix[v->in_pass], NULL);
  if (!dt_verdict_has (v, name))
    {
      g_ptr_array_add (v->classes, g_strdup (name));
      g_ptr_array_sort (v->classes, cmp_str_ptr);
    }
  if (v->in_pass > 0)
    g_string_append_printf (v->details, "[%s] ", dt_pass_names[v->in_pass]);
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
  /* main-returns is no property of a trace (dt-outcome.h): only whether
   * some execution showed it */
  if (naive->main_returns != NULL && c->main_returns == NULL)
    {
      g_autofree char *klass = g_strdup_printf ("misuse:%s:main-returns", mode);
      disagree (v, klass, "%s never shows misuse:main-returns (a schedule of trace %s does)", mode,
                naive->main_returns);
    }
  if (naive->main_returns == NULL && c->main_returns != NULL)
    {
      g_autofree char *klass = g_strdup_printf ("misuse:%s:+main-returns", mode);
      disagree (v, klass, "%s shows misuse:main-returns that no schedule has (its trace: %s)", mode,
                c->main_returns);
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
  g_autofree const char **b = dt_sorted_keys (naive->full);
  for (guint k = 0; a[k] != NULL; k++)
    if (!g_hash_table_contains (naive->full, a[k]))
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
                  "(trace %s)", b[k], (const char *) g_hash_table_lookup (naive->full, b[k]));
      }
  if (model->schedules != naive->executions)
    disagree (v, "count:model", "the model has %" G_GUINT64_FORMAT " schedules, the runtime %"
              G_GUINT64_FORMAT, model->schedules, naive->executions);
}

/* One pass (see dt-run.h) of @program on *@exp (started here if NULL).
 * FALSE with @error if the program could not be run or the vm rejected it. */
static gboolean
run_pass (const char *program, const DtProgram *prog, AugurExecutor **exp, const DtRunOptions *o,
          DtVerdict *v, guint pass, GError **error)
{
  const char *argv[] = { o->vm, program, NULL };
  gboolean no_spurious = pass == 0;
  DtPass *ps = &v->pass[pass];
  v->in_pass = pass;
  DtModelResult model;
  dt_model_explore (prog, no_spurious, o->max_schedules, &model);
  ps->model_schedules = model.schedules;
  if (model.over_limit)
    {
      ps->over_limit = TRUE;
      dt_model_result_clear (&model);
      return TRUE;
    }
  ps->ran = TRUE;
  if (*exp == NULL && (*exp = augur_executor_new (argv, FALSE, error)) == NULL)
    {
      dt_model_result_clear (&model);
      return FALSE;
    }
  AugurExecutor *ex = *exp;
  DtNaiveOptions no = { o->max_schedules, o->max_steps, o->exec_timeout, no_spurious };
  DtNaiveResult naive;
  g_autoptr (GError) nerr = NULL;
  gboolean ok = dt_naive_explore (ex, &no, &naive, &nerr);
  ps->schedules = naive.all.executions;
  ps->traces = g_hash_table_size (naive.all.traces);
  ps->infeasible = naive.infeasible;
  v->runs += naive.all.executions + naive.infeasible + naive.all.diverged;
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
  g_autofree const char **seen = dt_sorted_keys (naive.all.full);
  for (guint k = 0; seen[k] != NULL; k++)
    g_string_append_printf (ps->outcomes, "%s (%s)\n", seen[k],
                            (const char *) g_hash_table_lookup (naive.all.full, seen[k]));
  dt_model_result_clear (&model);
  if (naive.all.diverged > 0)
    disagree (v, "diverged:naive", "naive: %" G_GUINT64_FORMAT " executions did not follow their prefix",
              naive.all.diverged);
  if (naive.flag_mismatch > 0)
    disagree (v, "spurious-flag", "naive: at %" G_GUINT64_FORMAT " ends of executions the "
              "spurious wake-ups a prefix can run are not those the runtime flags, e.g. %s",
              naive.flag_mismatch, naive.flag_example);
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
      eo.no_spurious = no_spurious;
      eo.executor = ex;
      eo.on_execution = on_execution;
      eo.user_data = &c;
      AugurExploreStats st;
      g_autoptr (GError) merr = NULL;
      g_autoptr (AugurResults) r = augur_explore (argv, &eo, &st, &merr);
      ps->executions[m] = st.executions;
      ps->blocked[m] = st.blocked;
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

/* Whether spurious wake-ups can change anything: an untimed condition
 * wait (a timed one times out whatever the switch says). */
static gboolean
has_untimed_wait (const DtProgram *p)
{
  for (guint t = 0; t < p->n_threads; t++)
    for (guint k = 0; k < p->n_ops[t]; k++)
      if (p->ops[t][k].kind == DT_OP_WAIT_WHILE || p->ops[t][k].kind == DT_OP_WAIT_IF)
        return TRUE;
  return FALSE;
}

gboolean
dt_run_program (const char *program, const DtRunOptions *o, DtVerdict *v, GError **error)
{
  DtProgram prog;
  if (dt_program_parse (program, &prog) != 0 || dt_program_check (&prog) != 0)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "not a well-formed program: '%s'",
                   program);
      return FALSE;
    }
  g_autoptr (AugurExecutor) ex = NULL;
  for (guint p = 0; p < DT_PASSES; p++)
    {
      if (p > 0 && (!v->pass[0].ran || !has_untimed_wait (&prog)))
        break;
      if (!run_pass (program, &prog, &ex, o, v, p, error))
        return FALSE;
    }
  v->in_pass = 0;
  if (!v->pass[0].ran && v->kind != DT_VERDICT_DISAGREE)
    v->kind = DT_VERDICT_SKIPPED;
  return TRUE;
}
