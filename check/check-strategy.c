/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * check-strategy.c — the exploration strategies of `augur check` (see
 * check-strategy.h).
 */
#include "config.h"

#include "check/check-strategy.h"

#include <string.h>
#include <unistd.h>

#include "check/check-merge.h"
#include "common/interrupt.h"
#include "common/same-bug.h"
#include "explorer/divergence.h"
#include "explorer/executor.h"
#include "explorer/explore.h"

/* No strategy is started with less time than this (seconds). */
#define MIN_SLICE 0.1
/* The auto plan (run_plan): optimal DPOR gets half of the exploration's
 * time; the interleavings without spurious wake-ups, when they run, a
 * third of what it left; bounded preemptions and PCT share the rest.
 * Each share is of what is left when the strategy starts, so that one
 * that ends early leaves its time to the next.  PCT keeps PCT_FLOOR of
 * the exploration's time, or the time of PCT_FLOOR_RUNS executions at
 * the rate of the strategies before it, whichever is more (at most three
 * quarters of what is left, at least half): the reserve for the findings
 * grows with their schedules while the first strategies run, and a
 * strategy can end past its share, and both came out of PCT's alone (a
 * C-Thread-Pool seed: 0.9 s and one execution, where alone it finds the
 * lost update in 0.7 s; another: no PCT at all). */
#define PCT_FLOOR 0.125
#define PCT_FLOOR_RUNS 200
/* Preemption bounds tried in turn, from 2. */
#define FIRST_BOUND 2
#define LAST_BOUND 64
/* PCT's bug depths, taken by the runs in turn: C-Thread-Pool's
 * thpool_wait returning before a worker counted itself busy needed depth
 * 5 (none in 60,000 runs at 3 or 4; doc/design.md, "Which strategy"). */
#define PCT_FIRST_DEPTH 3
#define PCT_LAST_DEPTH 8

typedef struct {
  AugurCheckState *st;
  AugurExecutor *ex;       /* one fork server for every strategy */
  char *results_path;      /* the explorer's own file, rewritten at each finding */
  gboolean complete;       /* some strategy's search ended with its full guarantee */
  char *complete_how;      /* its guarantee and name */
  AugurExploreStats sum;   /* of every strategy: the cuts, and whether time ran out */
  guint n_runs;            /* strategies run */
  gboolean only_pct;       /* every strategy that ran was PCT */
  GString *details;        /* "optimal: ...; preempt 2: ..." */
  char *last;              /* the guarantee of the last strategy run */
  gboolean no_spurious;    /* the strategy run now leaves spurious wake-ups out */
  double share;            /* seconds the strategy run now was given (its line says them) */
  double run_seconds;      /* of the strategies so far: their time ... */
  guint64 runs;            /* ... and executions (the rate of PCT's floor) */
} Explore;

static char *
strategy_name (AugurExploreMode mode, guint64 bound)
{
  switch (mode)
    {
    case AUGUR_EXPLORE_MODE_DPOR: return g_strdup ("dpor");
    case AUGUR_EXPLORE_MODE_PCT: return g_strdup ("pct");
    case AUGUR_EXPLORE_MODE_PREEMPT:
      return g_strdup_printf ("preempt %" G_GUINT64_FORMAT, bound);
    default: return g_strdup ("optimal");
    }
}

static char *
strategy_label (AugurExploreMode mode, guint64 bound)
{
  switch (mode)
    {
    case AUGUR_EXPLORE_MODE_DPOR: return g_strdup ("classic DPOR");
    case AUGUR_EXPLORE_MODE_PCT: return g_strdup ("PCT schedules");
    case AUGUR_EXPLORE_MODE_PREEMPT:
      return g_strdup_printf ("schedules of at most %" G_GUINT64_FORMAT " preemptions", bound);
    default: return g_strdup ("optimal DPOR");
    }
}

/* The line that says what a strategy explored and found. */
static void
say_explored (AugurCheckState *st, const AugurExploreStats *es, const char *label, double share,
              const char *guarantee, guint added, guint bettered)
{
  g_autofree char *pruned = NULL;
  if (st->facts != NULL && augur_static_facts_can_prune (st->facts))
    pruned = es->prune_overflow
               ? g_strdup ("; too many pruned ranges, no site pruned")
               : g_strdup_printf ("; %u access site%s pruned by the static facts",
                                  es->pruned_sites, es->pruned_sites == 1 ? "" : "s");
  g_autofree char *diagnosed = NULL;
  if (es->diagnosis_runs > 0)
    diagnosed = g_strdup_printf ("; %" G_GUINT64_FORMAT " serialised re-run%s of failing "
                                 "executions blamed %u atomicity violation%s",
                                 es->diagnosis_runs, es->diagnosis_runs == 1 ? "" : "s",
                                 es->diagnosed, es->diagnosed == 1 ? "" : "s");
  /* as augur explore says it: the slower way, and the one where a
   * program's real threads' exits must be waited for */
  g_autofree char *forked = NULL;
  if (es->forked && es->executions > 0)
    forked = g_strdup_printf ("; %s executions ran as forked processes with real threads (%s)",
                              es->in_process > 0 ? "later" : "the", augur_explore_forked_why (es->forked));
  /* which findings a search without spurious wake-ups found too: their
   * caveat went (augur_check_merge_findings_full) */
  g_autofree char *again = bettered > 0
    ? g_strdup_printf ("; %u found before only with a spurious wake-up, now without one",
                       bettered)
    : NULL;
  augur_check_say (st, "explored %" G_GUINT64_FORMAT " interleavings with %s in %.1f s of its "
                   "%.1f s share (%s): %u more finding%s%s%s%s%s",
                   es->executions, label, es->seconds, share, guarantee, added, added == 1 ? "" : "s",
                   again != NULL ? again : "", pruned != NULL ? pruned : "",
                   diagnosed != NULL ? diagnosed : "", forked != NULL ? forked : "");
}

/* A strategy whose search stopped with @why (the program left its
 * schedules): the executions it made count, and its guarantee says that it
 * stopped and after how many (it was "the exploration did not run", beside
 * the findings of those executions). */
static void
stopped_strategy (Explore *x, AugurExploreMode mode, guint64 bound, const AugurExploreStats *es,
                  const GError *why)
{
  AugurCheckState *st = x->st;
  if (es->executions == 0)
    return;
  augur_results_set_executions (st->results,
                                augur_results_get_executions (st->results) + es->executions);
  gboolean nondet = g_error_matches (why, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_NONDETERMINISTIC);
  g_autofree char *name = strategy_name (mode, bound);
  g_free (x->last);
  x->last = g_strdup_printf ("incomplete: the search stopped after %" G_GUINT64_FORMAT
                             " execution%s%s", es->executions, es->executions == 1 ? "" : "s",
                             nondet ? ": the program does not follow the schedules it is given"
                                    : "");
  g_string_append_printf (x->details, "%s%s: %s", x->details->len > 0 ? "; " : "", name,
                          x->last);
  x->n_runs++;
  x->only_pct = x->only_pct && mode == AUGUR_EXPLORE_MODE_PCT;
  x->sum.executions += es->executions;
  x->sum.diverged += es->diverged;
}

/* One strategy for at most @seconds.  FALSE with @error when the program
 * could not be explored. */
static gboolean
run_strategy (Explore *x, AugurExploreMode mode, guint64 bound, double seconds,
              AugurExploreStats *es, GError **error)
{
  AugurCheckState *st = x->st;
  memset (es, 0, sizeof *es);
  if (augur_interrupt_signal () != 0)
    return TRUE;   /* stopped by a signal: no further strategy (check-pipeline.c says so) */
  AugurExploreOptions eo;
  augur_explore_options_init (&eo);
  eo.mode = mode;
  eo.bound = bound;
  eo.seed = 0;   /* PCT: the same schedules every time, for a report that can be re-made */
  eo.depth = PCT_FIRST_DEPTH;
  eo.depth_max = PCT_LAST_DEPTH;
  eo.timeout = MAX (seconds, 0.01);   /* 0 would be no limit */
  x->share = eo.timeout;
  /* its new findings are merged, saved, and go through the end of the check */
  eo.after_passes = 2 + AUGUR_CHECK_TAIL_PASSES;
  eo.after_known_steps = augur_results_count_steps (st->results);
  eo.exec_timeout = augur_check_run_watchdog (st, seconds);
  eo.progress = !st->options->quiet && isatty (2);
  eo.results_path = x->results_path;
  eo.executor = x->ex;
  eo.jobs = st->options->jobs;
  eo.facts = st->facts;   /* NULL, or facts that may say they cannot prune */
  eo.max_steps = augur_check_max_steps (st);
  eo.sync_only = st->options->sync_only;
  eo.no_spurious = x->no_spurious;
  /* an exit status some interleavings end with and the recorded run did not is an error */
  eo.known_exit_set = st->recorded_exited;
  eo.known_exit = st->recorded_exit;
  if (st->facts != NULL && augur_static_facts_can_prune (st->facts))
    {
      if (st->observed == NULL)
        st->observed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      eo.observed = st->observed;
    }
  g_autoptr (GError) local = NULL;
  g_autoptr (AugurResults) found = augur_explore (st->options->argv, &eo, es, &local);
  if (found == NULL)
    {
      /* what the runs met is unknown: no coverage hint */
      g_clear_pointer (&st->observed, g_hash_table_unref);
      /* the explorer rewrites its file at every finding: keep what it had */
      g_autoptr (AugurResults) partial = augur_results_load (x->results_path, NULL);
      if (partial != NULL)
        augur_check_merge_findings (st->results, partial);
      stopped_strategy (x, mode, bound, es, local);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  /* new bugs, as the report will count them (findings that are the same
   * bug are one: common/same-bug.h) */
  guint bugs_before = augur_same_bug_count (st->results);
  guint bettered = 0;
  guint merged_in = augur_check_merge_findings_full (st->results, found, &bettered);
  guint bugs_after = augur_same_bug_count (st->results);
  guint added = bugs_after == G_MAXUINT ? merged_in   /* too many to count them again */
                : bugs_after > bugs_before ? bugs_after - bugs_before : 0;
  augur_results_set_executions (st->results,
                                augur_results_get_executions (st->results) + es->executions);
  const char *const *bounds = augur_results_get_bounds_hit (found);
  for (guint i = 0; bounds[i] != NULL; i++)
    augur_results_add_bound_hit (st->results, bounds[i]);

  /* without spurious wake-ups: a smaller space than the program's, said
   * in its name and guarantee, and never the check's guarantee */
  const char *space = x->no_spurious ? " without spurious wake-ups" : "";
  g_autofree char *mode_name = strategy_name (mode, bound);
  g_autofree char *mode_label = strategy_label (mode, bound);
  g_autofree char *covered = augur_explore_guarantee (&eo, es);
  g_autofree char *name = g_strconcat (mode_name, space, NULL);
  g_autofree char *label = g_strconcat (mode_label, space, NULL);
  g_autofree char *guarantee = g_strconcat (covered, x->no_spurious && es->complete
                                            ? " in which every condition wait returns because "
                                              "it was signalled, not those with a spurious wake-up"
                                            : "", NULL);
  augur_results_add_strategy (st->results, name, guarantee, es->executions);
  st->names_cut = st->names_cut || es->names_cut;
  g_free (x->last);
  x->last = g_strdup (guarantee);
  g_string_append_printf (x->details, "%s%s: %s", x->details->len > 0 ? "; " : "", name,
                          guarantee);
  x->n_runs++;
  x->only_pct = x->only_pct && mode == AUGUR_EXPLORE_MODE_PCT;
  x->sum.timed_out = x->sum.timed_out || es->timed_out;
  x->sum.step_bound += es->step_bound;
  x->sum.watchdog += es->watchdog;
  x->sum.exit_bound += es->exit_bound;
  x->sum.thread_limit += es->thread_limit;
  x->sum.unfair += es->unfair;
  x->sum.executions += es->executions;
  x->sum.diverged += es->diverged;
  if (x->sum.diverged_where[0] == '\0')
    {
      g_strlcpy (x->sum.diverged_where, es->diverged_where, sizeof x->sum.diverged_where);
      x->sum.diverged_at_misuse = es->diverged_at_misuse;
    }
  if (x->sum.cut_where[0] == '\0')
    g_strlcpy (x->sum.cut_where, es->cut_where, sizeof x->sum.cut_where);
  /* the guarantees that cover every interleaving (a bound, a sample or a
   * fixed prefix do not) */
  gboolean whole = es->complete && !x->no_spurious && mode != AUGUR_EXPLORE_MODE_PCT
                   && !(mode == AUGUR_EXPLORE_MODE_PREEMPT && es->preemption_bound_hit);
  if (whole && !x->complete)
    {
      x->complete = TRUE;
      x->complete_how = g_strdup_printf ("%s (%s)", guarantee, label);
    }

  x->run_seconds += es->seconds;
  x->runs += es->executions + es->blocked;
  say_explored (st, es, label, x->share, guarantee, added, bettered);
  return TRUE;
}

/* Seconds to @end of a strategy's plan, and never past the budget less
 * the reserve for the findings merged so far. */
static double
left_of (Explore *x, gint64 end)
{
  return MIN ((end - g_get_monotonic_time ()) / 1e6, augur_check_stage_time_left (x->st));
}

static double
pct_floor (double seconds, double rate)
{
  return MAX (seconds * PCT_FLOOR, rate * PCT_FLOOR_RUNS);
}

double
augur_check_pct_share (double seconds, double left, double rate)
{
  if (left <= 0)
    return 0;
  return MAX (left / 2, MIN (pct_floor (seconds, rate), left * 3 / 4));
}

/* Preemption bounds 2, 3, ... until @end: TRUE when one covered every
 * schedule (the exploration is then complete). */
static gboolean
run_preempt (Explore *x, gint64 end, GError **error)
{
  for (guint64 bound = FIRST_BOUND; bound <= LAST_BOUND && left_of (x, end) >= MIN_SLICE;
       bound++)
    {
      AugurExploreStats es;
      if (!run_strategy (x, AUGUR_EXPLORE_MODE_PREEMPT, bound, left_of (x, end), &es, error))
        return FALSE;
      /* a higher bound runs the same schedules when none needed more
       * preemptions (runs cut by a limit, not by the bound) */
      if (x->complete || es.timed_out || !es.preemption_bound_hit)
        break;
    }
  return TRUE;
}

static gboolean
run_pct (Explore *x, gint64 end, GError **error)
{
  if (left_of (x, end) < MIN_SLICE)
    return TRUE;
  AugurExploreStats es;
  /* as many schedules as the time allows */
  return run_strategy (x, AUGUR_EXPLORE_MODE_PCT, G_MAXUINT32, left_of (x, end), &es, error);
}

static gboolean
run_plan (Explore *x, AugurCheckMode mode, double seconds, GError **error)
{
  gint64 end = g_get_monotonic_time () + (gint64) (seconds * 1e6);
  AugurExploreStats es;
  switch (mode)
    {
    case AUGUR_CHECK_MODE_OPTIMAL:
      return run_strategy (x, AUGUR_EXPLORE_MODE_OPTIMAL, 0, seconds, &es, error);
    case AUGUR_CHECK_MODE_DPOR:
      return run_strategy (x, AUGUR_EXPLORE_MODE_DPOR, 0, seconds, &es, error);
    case AUGUR_CHECK_MODE_PREEMPT:
      return run_preempt (x, end, error);
    case AUGUR_CHECK_MODE_PCT:
      return run_pct (x, end, error);
    case AUGUR_CHECK_MODE_AUTO:
    default:
      break;
    }
  if (!run_strategy (x, AUGUR_EXPLORE_MODE_OPTIMAL, 0, MIN (seconds, left_of (x, end)) / 2, &es,
                     error))
    return FALSE;
  /* with --sync-only, bounded preemptions and PCT at the same scheduling
   * points would only run again orders optimal DPOR ran */
  if (x->complete || es.sync_exhausted)
    return TRUE;
  /* out of time with spurious wake-ups in its runs: they can multiply
   * the space a hundredfold (klib's kt_forpool, a pool of two: 3,288
   * executions without them, over 295,000 and not done with them), so
   * the interleavings without them get a third of what is left, searched
   * to the end if they can be: not the check's guarantee, but one it can
   * state */
  if (es.timed_out && es.spurious > 0 && left_of (x, end) >= MIN_SLICE)
    {
      x->no_spurious = TRUE;
      /* ... less when bounded preemptions and PCT would then get less
       * than PCT's floor each (a sixth at least) */
      double left = left_of (x, end);
      double rate = x->runs > 0 ? x->run_seconds / (double) x->runs : 0;
      double after = 2 * pct_floor (seconds, rate);
      gboolean ran = run_strategy (x, AUGUR_EXPLORE_MODE_OPTIMAL, 0,
                                   MIN (left / 3, MAX (left - after, left / 6)), &es, error);
      x->no_spurious = FALSE;
      if (!ran)
        return FALSE;
    }
  /* what is left: half to bounded preemptions, the rest to PCT, which
   * keeps its floor when less is left (at most three quarters of it) */
  double left = left_of (x, end);
  double rate = x->runs > 0 ? x->run_seconds / (double) x->runs : 0;
  double pct_share = augur_check_pct_share (seconds, left, rate);
  gint64 preempt_end = g_get_monotonic_time () + (gint64) ((left - pct_share) * 1e6);
  if (!run_preempt (x, preempt_end, error))
    return FALSE;
  if (x->complete)
    return TRUE;
  return run_pct (x, end, error);
}

gboolean
augur_check_explore (AugurCheckState *st, double seconds, GError **error)
{
  Explore x = { .st = st, .only_pct = TRUE };
  x.details = g_string_new (NULL);
  x.results_path = g_build_filename (st->options->out_dir, "explore.json", NULL);
  gboolean ok = TRUE;
  g_autoptr (GError) local = NULL;
  if (seconds >= MIN_SLICE)
    {
      x.ex = augur_executor_new (st->options->argv, FALSE, &local);
      ok = x.ex != NULL && run_plan (&x, st->options->mode, seconds, &local);
    }
  else
    augur_results_add_bound_hit (st->results, "budget");
  g_clear_pointer (&x.ex, augur_executor_free);
  if (x.sum.step_bound > 0)
    {
      guint bound = augur_check_max_steps (st) ? augur_check_max_steps (st) : AUGUR_EXPLORE_MAX_STEPS;
      g_autofree char *raise = bound < AUGUR_SCHED_MAX_STEPS
                                 ? g_strdup_printf ("raise it with --max-steps (at most %u), ",
                                                    AUGUR_SCHED_MAX_STEPS)
                                 : g_strdup ("");
      augur_check_say (st, "%" G_GUINT64_FORMAT " run%s hit the step bound (%u steps) and %s cut "
                       "there: %slet the static facts make private accesses no steps (--cflags "
                       "or -p, so that Frama-C analyses every source), or explore with "
                       "--sync-only",
                       x.sum.step_bound, x.sum.step_bound == 1 ? "" : "s", bound,
                       x.sum.step_bound == 1 ? "was" : "were", raise);
  if (x.sum.step_bound > 0 && x.sum.cut_where[0] != '\0')
    augur_check_say (st, "in the first run cut by the step bound, %s", x.sum.cut_where);
    }

  if (x.sum.unfair > 0)
    augur_check_say (st, "%" G_GUINT64_FORMAT " run%s ended with every thread waiting in a loop, "
                     "but one loop shows in passing a value another waits on and never read: an "
                     "unfair schedule, no hang (the orders in which it reads it are other runs)",
                     x.sum.unfair, x.sum.unfair == 1 ? "" : "s");
  if (x.sum.diverged > 0 && x.sum.diverged_where[0] != '\0')
    augur_check_say (st, "%" G_GUINT64_FORMAT " run%s left %s schedule; the first %s: %s",
                     x.sum.diverged, x.sum.diverged == 1 ? "" : "s",
                     x.sum.diverged == 1 ? "its" : "their", x.sum.diverged_where,
                     augur_explore_divergence_cause (x.sum.diverged_at_misuse, TRUE));
  st->explore_complete = x.complete;
  g_free (st->explore_guarantee);
  if (x.complete)
    st->explore_guarantee = g_steal_pointer (&x.complete_how);
  else if (x.n_runs == 0)
    st->explore_guarantee = g_strdup ("incomplete: the exploration did not run");
  else
    {
      /* the headline: time, and every kind of cut run, over all strategies */
      AugurExploreOptions eo;
      augur_explore_options_init (&eo);
      eo.mode = x.only_pct ? AUGUR_EXPLORE_MODE_PCT : AUGUR_EXPLORE_MODE_OPTIMAL;
      eo.sync_only = st->options->sync_only;
      g_autofree char *head = augur_explore_guarantee (&eo, &x.sum);
      st->explore_guarantee = x.n_runs == 1 ? g_strdup (x.last)
                                            : g_strdup_printf ("%s (%s)", head, x.details->str);
    }
  g_free (x.complete_how);
  g_free (x.last);
  g_string_free (x.details, TRUE);
  g_free (x.results_path);
  if (!ok)
    g_propagate_error (error, g_steal_pointer (&local));
  return ok;
}
