/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-modes.c — the two exhaustive modes agree (issue 3): for the
 * benchmark programs and the finding programs of tests/explorer/, optimal
 * (source-DPOR) and dpor (the seed's persistent-set DPOR) complete the same
 * set of Mazurkiewicz traces, each once, and report the same findings;
 * optimal's count is the known number of traces.  (dpor's sleep-set
 * blocked runs may be more or fewer than optimal's: source-DPOR is not
 * optimal either.)  Traces are named by their lexicographic normal
 * form (explorer/mazurkiewicz.h), so the comparison is of sets, not counts.
 * Both counts are printed (TAP comments).  AUGUR_SLOW_TESTS=1 adds
 * bounded_buffer(_ok), indexer(14) and lastzero(8).
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "explorer/executor.h"
#include "explorer/explore.h"
#include "explorer/mazurkiewicz.h"

typedef struct {
  GHashTable *traces;     /* normal form -> count */
  guint64 executions;
} Collect;

static void
on_complete (const AugurSchedStep *steps, guint n, gpointer data)
{
  Collect *c = data;
  char *nf = augur_mazurkiewicz_normal_form (steps, n);
  guint count = GPOINTER_TO_UINT (g_hash_table_lookup (c->traces, nf));
  g_hash_table_replace (c->traces, nf, GUINT_TO_POINTER (count + 1));
  c->executions++;
}

static gint
cmp_lines (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* The findings as sorted "kind file:line ..." lines. */
static char *
findings_of (AugurResults *r)
{
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  for (guint k = 0; k < augur_results_get_n_findings (r); k++)
    {
      AugurFinding *f = augur_results_get_finding (r, k);
      GString *s = g_string_new (NULL);
      g_autofree char *kind = augur_finding_dup_full_kind (f);
      g_string_append (s, kind);
      for (guint a = 0; a < augur_finding_get_n_accesses (f); a++)
        {
          const AugurAccess *x = augur_finding_get_access (f, a);
          g_autofree char *base = x->file != NULL ? g_path_get_basename (x->file) : g_strdup ("?");
          g_string_append_printf (s, " %s:%u", base, x->line);
        }
      g_ptr_array_add (lines, g_string_free (s, FALSE));
    }
  g_ptr_array_sort (lines, cmp_lines);
  g_ptr_array_add (lines, NULL);
  return g_strjoinv ("\n", (char **) lines->pdata);
}

typedef struct {
  const char *program;    /* under tests/explorer/ in the build tree */
  const char *arg;        /* or NULL */
  guint64 traces;         /* the known number of Mazurkiewicz traces, 0: not checked */
} Case;

static void
run_mode (const Case *tc, AugurExploreMode mode, Collect *c, AugurExploreStats *st, char **findings)
{
  g_autofree char *prog = g_test_build_filename (G_TEST_BUILT, "tests", "explorer", tc->program, NULL);
  const char *argv[] = { prog, tc->arg, NULL };
  AugurExploreOptions o;
  augur_explore_options_init (&o);
  o.mode = mode;
  o.on_complete = on_complete;
  o.on_complete_data = c;
  c->traces = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  c->executions = 0;
  g_autoptr (GError) error = NULL;
  g_autoptr (AugurResults) r = augur_explore (argv, &o, st, &error);
  g_assert_no_error (error);
  g_assert_true (st->complete);
  *findings = findings_of (r);
}

static void
test_agree (gconstpointer data)
{
  const Case *tc = data;
  Collect opt = { 0 }, dp = { 0 };
  AugurExploreStats so, sd;
  g_autofree char *fo = NULL, *fd = NULL;
  run_mode (tc, AUGUR_EXPLORE_MODE_OPTIMAL, &opt, &so, &fo);
  run_mode (tc, AUGUR_EXPLORE_MODE_DPOR, &dp, &sd, &fd);
  g_test_message ("%s %s: optimal %" G_GUINT64_FORMAT " traces (+%" G_GUINT64_FORMAT
                  " blocked), dpor %" G_GUINT64_FORMAT " traces (+%" G_GUINT64_FORMAT
                  " blocked, %" G_GUINT64_FORMAT " infeasible)",
                  tc->program, tc->arg ? tc->arg : "", so.executions, so.blocked,
                  sd.executions, sd.blocked, sd.infeasible);
  g_test_message ("distinct traces: optimal %u, dpor %u", g_hash_table_size (opt.traces),
                  g_hash_table_size (dp.traces));
  /* each trace completed once by each mode */
  g_assert_cmpuint (g_hash_table_size (opt.traces), ==, opt.executions);
  g_assert_cmpuint (g_hash_table_size (dp.traces), ==, dp.executions);
  /* the same traces */
  GHashTableIter it;
  gpointer key;
  g_hash_table_iter_init (&it, opt.traces);
  while (g_hash_table_iter_next (&it, &key, NULL))
    if (!g_hash_table_contains (dp.traces, key))
      g_test_message ("dpor misses %s", (const char *) key);
  g_hash_table_iter_init (&it, dp.traces);
  while (g_hash_table_iter_next (&it, &key, NULL))
    if (!g_hash_table_contains (opt.traces, key))
      g_test_message ("optimal misses %s", (const char *) key);
  g_assert_cmpuint (g_hash_table_size (opt.traces), ==, g_hash_table_size (dp.traces));
  g_hash_table_iter_init (&it, opt.traces);
  while (g_hash_table_iter_next (&it, &key, NULL))
    g_assert_true (g_hash_table_contains (dp.traces, key));
  if (tc->traces > 0)
    g_assert_cmpuint (so.executions, ==, tc->traces);
  g_assert_cmpuint (sd.executions, >=, so.executions);
  g_assert_cmpstr (fo, ==, fd);
  g_hash_table_unref (opt.traces);
  g_hash_table_unref (dp.traces);
}

static const Case cases[] = {
  { "corpus-indexer", "13", 64 },
  { "corpus-fsbench", "14", 2 },
  { "corpus-fsbench", "16", 8 },
  { "corpus-lastzero", "3", 12 },
  { "corpus-lastzero", "5", 64 },
  { "corpus-database", NULL, 0 },
  { "corpus-philosophers", NULL, 0 },
  { "corpus-philosophers_ok", NULL, 0 },
  { "assert", NULL, 0 },
  { "assert_ok", NULL, 0 },
  { "crash", NULL, 0 },
  { "deadlock", NULL, 0 },
  { "deadlock_ok", NULL, 0 },
  { "lost_wakeup", NULL, 0 },
  { "lost_wakeup_ok", NULL, 0 },
  { "race", NULL, 0 },
  { "race_ok", NULL, 0 },
  { "lost_update", NULL, 0 },
  { "misuse_double_unlock", NULL, 0 },
  { "misuse_unlock_not_owner", NULL, 0 },
  { "misuse_double_join", NULL, 0 },
  { "misuse_main_returns", NULL, 0 },
  { "barrier_three_ok", NULL, 36 },
  { "barrier_rounds_ok", NULL, 16 },
  /* loops that wait (runtime/rt-sched-await.c): a thread parks and an
   * access wakes it, so it is enabled by turns; each trace still once,
   * the same in both modes */
  { "spin", NULL, 3 },
  { "spin_plain_ok", NULL, 3 },
  { "spin_yield_retry", NULL, 5 },
  { "cas_spin_ok", NULL, 6 },
  { "spin_held", NULL, 15 },
  { "spin_toggle_ok", NULL, 90 },
  { "spin_yield_ok", NULL, 193 },
};

static const Case slow_cases[] = {
  { "corpus-bounded_buffer", NULL, 1610 },
  { "corpus-bounded_buffer_ok", NULL, 2262 },
  { "corpus-indexer", "14", 512 },
  { "corpus-lastzero", "8", 704 },
};

/* Programs on which the two modes complete different sets of traces
 * today, each trace once: Await's parking depends on the schedule and not
 * only on the trace (tests/explorer/await_order.c), so the two searches,
 * which run different schedules of a trace, see different continuations
 * of it.  A write between a step's publication and the step no longer
 * keeps a fingerprint (rt_sched_await_chosen, /modes/swap-same-trace);
 * what is left on await_order (optimal 904 traces, dpor 638; 267 and 1
 * the other misses): the value a write overwrites is read when it is
 * published, not when it runs.  The test expects the sets to differ
 * still, so that closing the gap shows up as a failure: move the case to
 * cases[] then. */
static const Case known_gaps[] = {
  { "await_order", NULL, 0 },
  /* dpor completes 228 traces optimal does not (19,418 and 19,190);
   * swapping adjacent independent steps of its executions completes the
   * same traces: another cause, not found yet */
  { "poll_repost_ok", NULL, 0 },
  /* optimal completes 4 traces, dpor 3: in the one dpor lacks, the
   * second thread finds the pipe empty and waits (a load of its word)
   * before the first writes the token back; dpor has the same order of
   * the sections without that wait (every order of them is run:
   * /modes/pipe-lock/orders) */
  { "pipe_lock_ok", "2", 0 },
};

static void
test_known_gap (gconstpointer data)
{
  const Case *tc = data;
  Collect opt = { 0 }, dp = { 0 };
  AugurExploreStats so, sd;
  g_autofree char *fo = NULL, *fd = NULL;
  run_mode (tc, AUGUR_EXPLORE_MODE_OPTIMAL, &opt, &so, &fo);
  run_mode (tc, AUGUR_EXPLORE_MODE_DPOR, &dp, &sd, &fd);
  guint opt_only = 0, dpor_only = 0;
  GHashTableIter it;
  gpointer key;
  g_hash_table_iter_init (&it, opt.traces);
  while (g_hash_table_iter_next (&it, &key, NULL))
    opt_only += !g_hash_table_contains (dp.traces, key);
  g_hash_table_iter_init (&it, dp.traces);
  while (g_hash_table_iter_next (&it, &key, NULL))
    dpor_only += !g_hash_table_contains (opt.traces, key);
  g_test_message ("%s: optimal %" G_GUINT64_FORMAT " traces, dpor %" G_GUINT64_FORMAT
                  "; only optimal's %u, only dpor's %u", tc->program, so.executions,
                  sd.executions, opt_only, dpor_only);
  /* each mode still completes each of its traces once */
  g_assert_cmpuint (g_hash_table_size (opt.traces), ==, opt.executions);
  g_assert_cmpuint (g_hash_table_size (dp.traces), ==, dp.executions);
  /* the gap: when this fails, the modes agree here, move the case */
  g_assert_cmpuint (opt_only + dpor_only, >, 0);
  g_hash_table_unref (opt.traces);
  g_hash_table_unref (dp.traces);
}

/* Await decides by the trace, not by the schedule that ran it: for each
 * of the first executions of a program whose loop parks, every schedule
 * made by swapping two adjacent independent steps of different threads,
 * run to its end, completes the same trace (tests/explorer/await_order.c:
 * a write between a step's publication and the step once made the loop
 * park an iteration earlier). */
#define SWAP_EXECUTIONS 300u

typedef struct {
  AugurSchedStep *steps;
  guint n;
} Run;

static void
keep_steps (const AugurSchedStep *steps, guint n, gpointer data)
{
  GArray *runs = data;
  if (runs->len < SWAP_EXECUTIONS)
    {
      Run r = { g_memdup2 (steps, n * sizeof *steps), n };
      g_array_append_val (runs, r);
    }
}

/* Runs the steps s[0..n) with s[i] and s[i + 1] swapped: the trace it completes. */
static char *
run_swapped (AugurExecutor *ex, const AugurSchedStep *s, guint n, guint i)
{
  AugurSchedShm *shm = augur_executor_shm (ex);
  shm->prefix_len = n;
  memcpy (shm->expect, s, n * sizeof *s);
  shm->expect[i] = s[i + 1];
  shm->expect[i + 1] = s[i];
  for (guint k = 0; k < n; k++)
    shm->prefix[k] = shm->expect[k].tid;
  shm->check_prefix = 1;
  shm->n_sleep = 0;
  shm->max_steps = 10000;
  shm->flags = 0;
  shm->flags2 = 0;
  shm->exit_steps = 0;
  shm->random_seed = 0;
  gboolean killed = FALSE;
  g_autoptr (GError) error = NULL;
  g_assert_true (augur_executor_run (ex, 10.0, &killed, &error));
  g_assert_no_error (error);
  return augur_mazurkiewicz_normal_form (shm->steps, MIN (shm->n_steps, AUGUR_SCHED_MAX_STEPS));
}

static void
test_swap_same_trace (gconstpointer data)
{
  g_autofree char *prog = g_test_build_filename (G_TEST_BUILT, "tests", "explorer", data, NULL);
  const char *argv[] = { prog, NULL };
  g_autoptr (GArray) runs = g_array_new (FALSE, FALSE, sizeof (Run));
  AugurExploreOptions o;
  augur_explore_options_init (&o);
  o.on_complete = keep_steps;
  o.on_complete_data = runs;
  AugurExploreStats st;
  g_autoptr (GError) error = NULL;
  g_autoptr (AugurResults) r = augur_explore (argv, &o, &st, &error);
  g_assert_no_error (error);
  AugurExecutor *ex = augur_executor_new ((const char *const *) argv, FALSE, &error);
  g_assert_no_error (error);
  guint swaps = 0, other = 0;
  for (guint e = 0; e < runs->len; e++)
    {
      Run *run = &g_array_index (runs, Run, e);
      const AugurSchedStep *s = run->steps;
      guint n = run->n;
      g_autofree char *want = augur_mazurkiewicz_normal_form (s, n);
      for (guint i = 0; i + 1 < n; i++)
        {
          if (s[i].tid == s[i + 1].tid || augur_sched_dependent (&s[i], &s[i + 1])
              || s[i].op == AUGUR_SOP_CREATE || s[i].op == AUGUR_SOP_END || s[i + 1].op == AUGUR_SOP_END)
            continue;
          g_autofree char *got = run_swapped (ex, s, n, i);
          swaps++;
          if (!g_str_equal (got, want))
            {
              other++;
              g_test_message ("execution %u, steps %u and %u swapped: %s, not %s", e, i, i + 1, got, want);
            }
        }
      g_free (run->steps);
    }
  augur_executor_free (ex);
  g_test_message ("%s: %u executions, %u swaps, %u other traces", (const char *) data, runs->len, swaps,
                  other);
  g_assert_cmpuint (swaps, >, 0);
  g_assert_cmpuint (other, ==, 0);
}

/* A pipe used as a lock (pipe_lock_ok 4: four threads, one critical
 * section each, entered by reading the pipe's token byte and left by
 * writing it back): both modes run the sections in each of the 4! = 24
 * orders (each section's write of the counter is its thread's only plain
 * write), and neither needs the executions it took when a blocking read
 * that found the token taken by the time its turn came still added to
 * the pipe's word (runtime/rt-fdio.c, take_turn): optimal 89,396, dpor
 * 31,527; 5,396 and 2,151 since. */
typedef struct {
  GHashTable *orders;     /* the threads' plain writes, in order -> TRUE */
  guint64 executions;
} Orders;

static void
on_order (const AugurSchedStep *steps, guint n, gpointer data)
{
  Orders *o = data;
  GString *s = g_string_new (NULL);
  for (guint k = 0; k < n; k++)
    if (steps[k].tid != 0 && steps[k].op == AUGUR_SOP_WRITE && !(steps[k].flags & AUGUR_SF_ATOMIC))
      g_string_append_printf (s, "%u.", steps[k].tid);
  g_hash_table_add (o->orders, g_string_free (s, FALSE));
  o->executions++;
}

static void
test_pipe_lock (void)
{
  g_autofree char *prog = g_test_build_filename (G_TEST_BUILT, "tests", "explorer", "pipe_lock_ok", NULL);
  const char *argv[] = { prog, "4", NULL };
  const struct {
    AugurExploreMode mode;
    const char *name;
    guint64 most;
  } modes[] = { { AUGUR_EXPLORE_MODE_OPTIMAL, "optimal", 5396 },
                { AUGUR_EXPLORE_MODE_DPOR, "dpor", 2151 } };
  for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
    {
      Orders o = { g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL), 0 };
      AugurExploreOptions opt;
      augur_explore_options_init (&opt);
      opt.mode = modes[m].mode;
      opt.on_complete = on_order;
      opt.on_complete_data = &o;
      AugurExploreStats st;
      g_autoptr (GError) error = NULL;
      g_autoptr (AugurResults) r = augur_explore (argv, &opt, &st, &error);
      g_assert_no_error (error);
      g_test_message ("pipe_lock_ok 4, %s: %" G_GUINT64_FORMAT " executions, %u orders",
                      modes[m].name, st.executions, g_hash_table_size (o.orders));
      g_assert_true (st.complete);
      g_assert_cmpuint (augur_results_get_n_findings (r), ==, 0);
      g_assert_cmpuint (g_hash_table_size (o.orders), ==, 24);
      g_assert_cmpuint (st.executions, <=, modes[m].most);
      g_hash_table_unref (o.orders);
    }
}

/* A run that diverged had its branches skipped: the search is not
 * complete, and the guarantee says why (it said "complete" before). */
static void
test_guarantee_diverged (void)
{
  AugurExploreOptions o;
  augur_explore_options_init (&o);
  AugurExploreStats st = { 0 };
  st.executions = 100;
  st.diverged = 3;
  g_assert_cmpuint (augur_explore_stats_cut (&st), ==, 3);
  g_autofree char *g = augur_explore_guarantee (&o, &st);
  g_assert_true (g_str_has_prefix (g, "incomplete:"));
  g_assert_nonnull (strstr (g, "3 runs off their schedule"));
}

static void
add (const Case *tc)
{
  g_autofree char *path = g_strdup_printf ("/modes/agree/%s%s%s", tc->program,
                                           tc->arg ? "-" : "", tc->arg ? tc->arg : "");
  g_test_add_data_func (path, tc, test_agree);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/modes/guarantee/diverged", test_guarantee_diverged);
  g_test_add_data_func ("/modes/swap-same-trace/await_order", "await_order", test_swap_same_trace);
  g_test_add_func ("/modes/pipe-lock/orders", test_pipe_lock);
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    add (&cases[k]);
  for (guint k = 0; k < G_N_ELEMENTS (known_gaps); k++)
    {
      g_autofree char *path = g_strdup_printf ("/modes/known-gap/%s", known_gaps[k].program);
      g_test_add_data_func (path, &known_gaps[k], test_known_gap);
    }
  if (g_strcmp0 (g_getenv ("AUGUR_SLOW_TESTS"), "1") == 0)
    for (guint k = 0; k < G_N_ELEMENTS (slow_cases); k++)
      add (&slow_cases[k]);
  return g_test_run ();
}
