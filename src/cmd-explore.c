/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cmd-explore.c — `augur explore [--mode M] [--bound N] [--timeout S]
 * [-o RESULTS] -- PROGRAM [ARG...]`: run the program under augur's
 * scheduler and explore its interleavings (explorer/explore.h).
 *
 * Prints one summary line and one line per finding on stdout, a progress
 * line on stderr while it runs (after one second, when stderr is a
 * terminal or --progress is given; optimal and dpor: with an estimate of
 * the executions left), and writes the results file as findings appear
 * and at the end.  With --estimate it explores nothing: it prints an
 * estimate of the executions the search would run (explorer/estimate.h)
 * and writes no results.
 *
 * With --mpi, under mpirun: rank 0 is this command, the other ranks
 * serve it executions (explorer/explore-mpi.h) and print nothing.
 *
 * A lock-order inversion that an execution turned into a deadlock is
 * reported as a part of that deadlock (check/check-merge.h).
 *
 * Exit status: 0 no error (nothing as severe as --fail-on) and the mode's
 * search finished, 1 error(s) found (or findings as severe as --fail-on),
 * 2 usage, 3 the program cannot be run or was not built with augur-cc,
 * 4 it behaves nondeterministically under its schedules (and no error was
 * found before that), 5 augur failed,
 * 6 no error but the search did not finish (incomplete).
 */
#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "check/check-merge.h"
#include "common/dwarf-names.h"
#include "common/frames-run.h"
#include "common/malloc-reuse.h"
#include "common/results.h"
#include "common/same-bug.h"
#include "explorer/divergence.h"
#include "explorer/estimate.h"
#include "explorer/explore.h"
#ifdef HAVE_MPI
#include "explorer/explore-mpi.h"
#endif
#include "static/static-facts.h"
#include "src/augur-cmd.h"

#define CMD "explore"

int
augur_cmd_explore_exit_for_error (const GError *error);

int
augur_cmd_explore_exit_for_error (const GError *error)
{
  if (error->domain != AUGUR_EXPLORE_ERROR)
    return AUGUR_EXIT_TOOL;
  switch (error->code)
    {
    case AUGUR_EXPLORE_ERROR_NOT_INSTRUMENTED:
    case AUGUR_EXPLORE_ERROR_SPAWN:
      return AUGUR_EXIT_INPUT;
    case AUGUR_EXPLORE_ERROR_NONDETERMINISTIC:
      return AUGUR_EXIT_PROGRAM;
    default:
      return AUGUR_EXIT_TOOL;
    }
}

static void
print_finding (AugurFinding *f)
{
  g_autofree char *heading = augur_cmd_finding_heading (f);
  g_print ("%s: %s\n", heading, augur_finding_get_explanation (f));
}

/* The notes on stderr after the summary: what the mode covered, how the
 * runs were made, what cut them. */
static void
print_notes (const char *const *argv, const AugurExploreOptions *o, const AugurExploreStats *st,
             AugurStaticFacts *facts)
{
  /* under --sync-only, the schedules of the synchronisation */
  gboolean ended = st->complete || st->sync_exhausted;
  if (o->mode == AUGUR_EXPLORE_MODE_PREEMPT && ended && st->preemption_bound_hit)
    g_printerr ("augur explore: schedules that need more than %" G_GUINT64_FORMAT
                " preemptions were not run (raise --bound)\n", o->bound);
  else if (o->mode == AUGUR_EXPLORE_MODE_PREEMPT && ended)
    g_printerr ("augur explore: no schedule needs more than %" G_GUINT64_FORMAT
                " preemptions: every schedule%s explored\n", o->bound,
                st->sync_exhausted ? " of the synchronisation" : "");
  else if (o->mode == AUGUR_EXPLORE_MODE_PREEMPT)
    g_printerr ("augur explore: stopped before all schedules with <= %" G_GUINT64_FORMAT
                " preemptions were run\n", o->bound);
  else if (o->mode == AUGUR_EXPLORE_MODE_PCT)
    {
      guint depth = o->depth ? o->depth : 3;
      g_autofree char *depths = o->depth_max > depth
                                  ? g_strdup_printf ("depths %u to %u in turn", depth, o->depth_max)
                                  : g_strdup_printf ("depth %u", depth);
      g_printerr ("augur explore: %" G_GUINT64_FORMAT " random PCT schedules (seed %u, %s): "
                  "a sample, not a proof of absence\n", st->executions, o->seed, depths);
    }
  else if ((o->mode == AUGUR_EXPLORE_MODE_OPTIMAL || o->mode == AUGUR_EXPLORE_MODE_DPOR)
           && st->timed_out && o->prefix_len == 0)
    g_printerr ("augur explore: the search ran out of time; depth-first, it varied mostly the "
                "last steps of its first executions.  --mode pct samples schedules from the whole "
                "tree and finds a bug that needs few ordering constraints early (SV-COMP's "
                "fkp2013, 51 threads: no failure in 378,351 executions in 30 s, found by pct in "
                "1.4 s); augur check runs both\n");
  if (st->forked && st->executions > 0)
    g_printerr ("augur explore: %s executions ran as forked processes with real threads, "
                "the slower way: %s\n",
                st->in_process > 0 ? "later" : "the", augur_explore_forked_why (st->forked));
  if (st->jobs > 1)
    g_printerr ("augur explore: %u execution servers: %" G_GUINT64_FORMAT " of the executions "
                "were run ahead of the search, %" G_GUINT64_FORMAT " run ahead were not needed; "
                "the search spent %.2f s getting its executions\n",
                st->jobs, st->ahead_used, st->ahead_wasted, st->waited);
  if (st->diagnosis_runs > 0)
    g_printerr ("augur explore: %" G_GUINT64_FORMAT " serialised re-run%s of failing executions: "
                "%u atomicity violation%s shown to cause a failure\n", st->diagnosis_runs,
                st->diagnosis_runs == 1 ? "" : "s", st->diagnosed, st->diagnosed == 1 ? "" : "s");
  /* the executions that did not run their course, by what stopped them */
  g_autofree char *thread_limit = g_strdup_printf ("created more than %u threads and were cut "
                                                   "there", AUGUR_SCHED_MAX_THREADS);
  const struct { guint64 n; const char *what; } cut[] = {
    { st->step_bound, "hit the step bound (--max-steps) and were cut there" },
    { st->watchdog, "were killed by the watchdog (--exec-timeout)" },
    { st->watchdog_reruns, "killed by the watchdog were run again before being called a hang "
                           "(--exec-timeout)" },
    { st->exit_bound, "ended with threads that kept running after the process was asked to "
                      "end; they were cut there" },
    { st->thread_limit, thread_limit },
    { st->diverged, "did not follow their schedule (nondeterminism); their branches were "
                    "skipped" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cut); i++)
    if (cut[i].n > 0)
      g_printerr ("augur explore: %" G_GUINT64_FORMAT " execution(s) %s\n", cut[i].n,
                  cut[i].what);
  if (st->step_bound > 0 && st->cut_where[0] != '\0')
    g_printerr ("augur explore: in the first run cut there, %s\n", st->cut_where);
  /* ends that are no hang, said so rather than dropped silently */
  if (st->unfair > 0)
    g_printerr ("augur explore: %" G_GUINT64_FORMAT " execution(s) ended with every thread "
                "waiting in a loop, but one loop writes, and overwrites in the same iteration, "
                "a value another loop waits on and never read: only the schedule was unfair, "
                "no hang (the orders in which it reads that value are other executions)\n",
                st->unfair);
  /* where, so that the cause (time, a file, input) can be found */
  if (st->diverged > 0 && st->diverged_where[0] != '\0')
    g_printerr ("augur explore: the first left its schedule %s: %s\n", st->diverged_where,
                augur_explore_divergence_cause (st->diverged_at_misuse, FALSE));
  /* what to do about it: most long runs are loops over memory no other
   * thread touches, each access of which is a step without the facts */
  if (st->step_bound > 0 && facts == NULL && !o->sync_only)
    g_printerr ("augur explore: without static facts every access to memory that may be "
                "shared is a scheduling step.  `augur check` computes the facts (Frama-C) and "
                "explores with them; or run `augur static --program %s -o facts.json` and give "
                "--static-facts facts.json: accesses that cannot conflict are then not steps.  "
                "--sync-only schedules at synchronisation only (no data races found)\n",
                argv[0]);
  else if (st->step_bound > 0)
    g_printerr ("augur explore: a run made more than %u steps: a longer loop than the bound "
                "(--max-steps, at most %u), or threads that never end\n",
                o->max_steps ? o->max_steps : AUGUR_EXPLORE_MAX_STEPS, AUGUR_SCHED_MAX_STEPS);
  if (facts != NULL && !augur_static_facts_can_prune (facts))
    g_printerr ("augur explore: the static facts are incomplete: nothing was pruned\n");
  else if (facts != NULL && !st->prune_overflow)
    g_printerr ("augur explore: static facts: accesses at %u source line%s (%u PC range%s) "
                "were not scheduling points\n", st->pruned_sites, st->pruned_sites == 1 ? "" : "s",
                st->pruned_ranges, st->pruned_ranges == 1 ? "" : "s");
}

/* --mode: optimal (also when not given), dpor, pct, preempt. */
static gboolean
mode_from_string (const char *mode, AugurExploreMode *out)
{
  if (mode == NULL || strcmp (mode, "optimal") == 0)
    *out = AUGUR_EXPLORE_MODE_OPTIMAL;
  else if (strcmp (mode, "dpor") == 0)
    *out = AUGUR_EXPLORE_MODE_DPOR;
  else if (strcmp (mode, "pct") == 0)
    *out = AUGUR_EXPLORE_MODE_PCT;
  else if (strcmp (mode, "preempt") == 0)
    *out = AUGUR_EXPLORE_MODE_PREEMPT;
  else
    return FALSE;
  return TRUE;
}

/* When the naming must end: --timeout from the start of the search
 * (@started), less the save after it (as long as the search's longest)
 * and a tenth of a second for the lines printed, but never less than
 * the floor of augur_dwarf_names_stop_in; 0 without --timeout. */
static gint64
naming_stop (const AugurExploreOptions *o, const AugurExploreStats *st, gint64 started)
{
  if (o->timeout <= 0)
    return 0;
  double spent = (g_get_monotonic_time () - started) / (double) G_USEC_PER_SEC;
  return augur_dwarf_names_stop_in (o->timeout - spent - st->save_seconds - 0.1, o->timeout);
}

/* After the exploration: the names from the debug info (within
 * --timeout: what is not named by then keeps augur's own name, and that
 * is said), the results saved, the summary, the notes and the findings
 * printed; the exit status. */
static int
report (const char *const *argv, AugurResults *results, const AugurExploreOptions *o,
        const AugurExploreStats *st, gint64 started, AugurStaticFacts *facts,
        AugurSeverity threshold)
{
  g_autoptr (GError) error = NULL;
  /* names from the debug info (a stack variable's from one recorded run's
   * frames: common/frames-run.h); a realised inversion is its deadlock's
   * cause; each finding replayable */
  {
    g_autoptr (AugurDwarfNames) names = augur_dwarf_names_new (
      augur_results_get_program (results), augur_results_get_source_dir (results));
    augur_dwarf_names_set_deadline (names, naming_stop (o, st, started));
    g_autoptr (AugurTrace) frames = NULL;
    /* its watchdog: an execution's, within what --timeout has left */
    double left = o->exec_timeout > 0 ? o->exec_timeout : 10.0;
    if (o->timeout > 0)
      left = MIN (left, o->timeout - st->seconds);
    if (left >= 1.0 && augur_frames_run_needed (results))
      frames = augur_frames_run (argv, NULL, (guint) left);
    if (frames != NULL)
      {
        augur_dwarf_names_note_frames (names, frames);
        augur_dwarf_names_note_trace (names, frames);
      }
    augur_dwarf_names_apply (names, results);
    if (augur_dwarf_names_was_cut (names) || st->names_cut)
      g_printerr ("augur explore: %s\n", augur_dwarf_names_cut_text ());
  }
  augur_check_link_for_explore (results);
  augur_same_bug_merge (results);
  augur_results_set_replay_commands (results, o->results_path);
  g_autofree char *guarantee = augur_explore_guarantee (o, st);
  /* the report says how far it went, as the summary line does */
  /* "complete" only when nothing was left out: not a PCT sample, not
   * preemption bounding that cut schedules (doc/design.md, "What each mode
   * guarantees") */
  gboolean earned = st->complete && o->mode != AUGUR_EXPLORE_MODE_PCT
                    && !(o->mode == AUGUR_EXPLORE_MODE_PREEMPT && st->preemption_bound_hit);
  augur_results_set_completeness (results, earned, guarantee);
  if (!augur_results_save (results, o->results_path, &error))
    {
      augur_cmd_print_error (CMD, error->message);
      return AUGUR_EXIT_TOOL;
    }
  guint nf = augur_results_get_n_findings (results);
  g_print ("%" G_GUINT64_FORMAT " executions, %" G_GUINT64_FORMAT " sleep-set blocked, %"
           G_GUINT64_FORMAT " infeasible, %" G_GUINT64_FORMAT " diverged in %.2f s (%s); %u finding%s\n",
           st->executions, st->blocked, st->infeasible, st->diverged, st->seconds, guarantee,
           nf, nf == 1 ? "" : "s");
  print_notes (argv, o, st, facts);
  for (guint k = 0; k < nf; k++)
    print_finding (augur_results_get_finding (results, k));
  if (augur_results_count_failing (results, threshold) > 0)
    return AUGUR_EXIT_BUG;
  /* a sample, or schedules left out by the bound, found nothing: not
   * clean (a CI job reads 0 as clean) */
  return earned ? AUGUR_EXIT_OK : AUGUR_EXIT_INCOMPLETE;
}

/* The search's own speed, from a short search (its findings unused):
 * it analyses only what changed after each execution's shared prefix,
 * where a probe, a fresh core, analyses its whole execution, so the
 * probes' speed can be far off (xz's MT decoder: 24 runs/s probing, 186
 * searching).  0 if it could not be timed; *complete if that search
 * finished, its count in *executions. */
static double
search_rate (const char *const *argv, const AugurExploreOptions *o, double seconds,
             gboolean *complete, guint64 *executions)
{
  AugurExploreOptions so = *o;
  so.timeout = seconds;
  so.progress = FALSE;
  so.results_path = NULL;
  so.no_diagnose = TRUE;
  so.after_passes = 0;
  so.keep_on_nondeterminism = TRUE;
  AugurExploreStats st;
  g_autoptr (GError) error = NULL;
  g_autoptr (AugurResults) r = augur_explore (argv, &so, &st, &error);
  *complete = FALSE;
  if (r == NULL || st.seconds <= 0)
    return 0;
  *complete = st.complete && !st.nondeterministic;
  *executions = st.executions;
  return (st.executions + st.blocked + st.infeasible + st.diverged) / st.seconds;
}

/* augur explore --estimate: the probes' estimate of the search, on stdout. */
static int
print_estimate (const char *const *argv, const AugurExploreOptions *o, guint probes, guint seed)
{
  if (o->mode != AUGUR_EXPLORE_MODE_OPTIMAL && o->mode != AUGUR_EXPLORE_MODE_DPOR)
    {
      augur_cmd_print_error (CMD, "--estimate estimates optimal and dpor searches only "
                             "(pct runs --bound executions; preempt's bound is not a DPOR tree)");
      return AUGUR_EXIT_USAGE;
    }
  g_autoptr (GError) error = NULL;
  AugurEstimate est;
  if (!augur_explore_estimate (argv, o, probes, seed, &est, &error))
    {
      augur_cmd_print_error (CMD, error->message);
      return augur_cmd_explore_exit_for_error (error);
    }
  gboolean dpor = o->mode == AUGUR_EXPLORE_MODE_DPOR;
  const char *search = dpor ? "dpor" : "optimal";
  g_autofree char *ex = augur_estimate_format (est.executions);
  g_autofree char *lo = augur_estimate_format (est.batch_low);
  g_autofree char *hi = augur_estimate_format (est.batch_high);
  /* the batches' spread says how much the probes agree, not how far the
   * count is: what no probe saw is in none of them (lockstep programs:
   * 8x low, with batches 5% apart; a condition-variable pool 9x, zstd's
   * thread pool over 25x) */
  g_print ("estimate: ~%s executions or more (mean of %u random probes from seed %u, after %u "
           "that learned the branches; %u batches of them: %s to %s, standard error %.0f%%: how "
           "much the probes agree, not how far the count is; it errs low, 8x and more where "
           "threads take turns at a lock or wait on each other: over 25x on a thread pool)\n", ex,
           est.probes, seed, est.learning, est.batches, lo, hi, 100 * est.rel_error);
  double probe_rate = est.seconds > 0 ? est.probe_runs / est.seconds : 0;
  double left = o->timeout > 0 ? o->timeout - est.seconds : 2.0;
  gboolean complete = FALSE;
  guint64 counted = 0;
  double rate = 0;
  if (!est.timed_out && left >= 0.2)
    rate = search_rate (argv, o, CLAMP (est.seconds, 0.2, MIN (2.0, left)), &complete, &counted);
  if (complete)
    g_print ("estimate: the %s search, timed for its speed, ran to its end: exactly %"
             G_GUINT64_FORMAT " executions\n", search, counted);
  else if (rate > 0)
    g_print ("estimate: a full %s search would take ~%.1f s or more at the %.0f runs/s a short "
             "search ran (one server; the probes ran %.0f runs/s)\n", search,
             est.executions / rate, rate, probe_rate);
  else if (probe_rate > 0)
    g_print ("estimate: a full %s search would take ~%.1f s or more at the %.0f runs/s the "
             "probes ran (one server; the search itself is usually faster)\n", search,
             est.executions / probe_rate, probe_rate);
  if (dpor)
    g_print ("estimate: dpor also runs sleep-set blocked executions, not estimated "
             "(lastzero(10): 2.2 for each complete one, indexer(14): 41); optimal runs none\n");
  g_print ("estimate: the probes ran %" G_GUINT64_FORMAT " executions in %.2f s%s\n",
           est.probe_runs, est.seconds, est.timed_out ? " (cut by --timeout)" : "");
  if (est.probe_killed > 0)
    g_print ("estimate: %" G_GUINT64_FORMAT " of them took no step for --exec-timeout and were "
             "killed (a hang, or a spin augur cannot see): they count as far as they got; "
             "the search (without --estimate) looks for the hang\n", est.probe_killed);
  if (!complete && est.probe_runs >= est.executions)
    g_print ("estimate: the probes ran as many executions as the search is estimated to run: "
             "run the search\n");
  g_printerr ("augur explore: an estimate, not a count: a probe sees only the branches its own "
              "executions reveal (here %.1f branches a probe turned up after it had passed "
              "their node); doc/design.md, \"Estimating a search\"\n", est.late_branches);
  return est.timed_out ? AUGUR_EXIT_INCOMPLETE : AUGUR_EXIT_OK;
}

/* The modes and the environment, under the options in --help. */
static void
set_description (GOptionContext *ctx)
{
  g_option_context_set_description (ctx,
    "Modes:\n"
    "  optimal   optimal DPOR with wakeup trees (the default): every Mazurkiewicz trace\n"
    "            completed once (a few runs may end sleep-set blocked)\n"
    "  dpor      inspect's persistent-set DPOR with sleep sets and locksets:\n"
    "            the same traces, usually more sleep-set blocked runs\n"
    "  preempt   every schedule with at most --bound preemptions (default 2); says\n"
    "            whether schedules needing more were left out\n"
    "  pct       --bound random PCT schedules (default 1000) from --seed, bug depth --depth\n"
    "\n"
    "Every execution is an interleaving: sequential consistency.  Outcomes only\n"
    "atomics weaker than seq_cst allow are not run; two shapes of them are named\n"
    "when an execution shows them, and \"complete\" then says \"under sequential\n"
    "consistency only\": store buffering (a store then a load of another location\n"
    "in each of two threads, no full fence) and message passing (two stores in one\n"
    "thread, loads of them in the other order in another, where the second store\n"
    "does not release or the first load does not acquire, fences included).  Other\n"
    "weak outcomes are not named.\n"
    "\n"
    "Executions run one after another in one process, the program's threads as\n"
    "fibers (with thread-local variables, each fiber its own); a program that needs\n"
    "real threads or processes (C++ thread_local objects with destructors,\n"
    "atexit/on_exit handlers registered before main, destructor functions,\n"
    "pthread_cancel, pthread_kill of\n"
    "a signal with no handler,\n"
    "cleanup handlers, fork, mmap) is run one forked process per execution instead,\n"
    "and a note says so.\n"
    "With --jobs N (default 1), N execution servers run the\n"
    "executions the search will ask for ahead of it; the search itself is the serial\n"
    "one, so the counts and findings are the same as with --jobs 1 (optimal and dpor;\n"
    "preempt and pct run on one server).  Executions then run at the same time: a\n"
    "program whose runs share a file or a port needs --jobs 1.\n"
    "With --mpi, run as `mpirun -np K augur explore --mpi -- PROGRAM ARGS`: rank 0\n"
    "searches as with --jobs, ranks 1..K-1 each run an execution server of their\n"
    "own for it (K servers in all, the counts and findings the serial ones).  The\n"
    "program, its inputs and --static-facts must be at the same paths on every\n"
    "node, built and linked alike (the servers must lay it out at the same\n"
    "addresses).  As root, mpirun needs --allow-run-as-root.  Only when augur\n"
    "was built with MPI (configure --with-mpi).\n"
    "With --estimate, nothing is explored: random probes (Knuth's estimator) each\n"
    "follow one path of the optimal or dpor search's tree, choosing at random among\n"
    "the branches the search would take at each point, and the product of those\n"
    "branch counts estimates the executions (the mean over --estimate-probes,\n"
    "from --seed; the range over batches of probes shows the spread).  DPOR finds\n"
    "its branches as it goes, so a probe sees fewer than the full search: the\n"
    "estimate tends to be low (doc/design.md, \"Estimating a search\").  The\n"
    "progress line of a long search shows the same kind of estimate of what is left.\n"
    "Environment:\n"
    "  AUGUR_FIBERS=0          always one forked process per execution, real threads\n"
    "  AUGUR_SCHED_STACK=BYTES stack of each thread under the explorer (fibers: 8 MiB,\n"
    "                          real threads: 256 KiB)\n"
    "  AUGUR_OBJDUMP=PATH      the objdump that finds the atomic instructions augur\n"
    "                          cannot see (inline assembly; default: objdump)\n");
}

/* The search (or, with @estimate_probes, the estimate) and its report;
 * with @use_mpi, this rank's part of it under mpirun. */
static int
search (const char *const *rest, AugurExploreOptions *o, gboolean use_mpi, guint estimate_probes,
        AugurStaticFacts *facts, AugurSeverity threshold)
{
  g_autoptr(GError) error = NULL;
#ifdef HAVE_MPI
  g_autoptr (AugurExploreMpi) mpi = NULL;
  if (use_mpi)
    {
      mpi = augur_explore_mpi_new (&error);
      if (mpi == NULL)
        {
          augur_cmd_print_error (CMD, error->message);
          return AUGUR_EXIT_TOOL;
        }
      if (augur_explore_mpi_rank (mpi) > 0)
        {
          if (augur_explore_mpi_serve (mpi, rest, o, &error))
            return AUGUR_EXIT_OK;
          augur_cmd_print_error (CMD, error->message);
          return augur_cmd_explore_exit_for_error (error);
        }
      augur_explore_mpi_attach (mpi, o);
    }
#else
  if (use_mpi)
    {
      augur_cmd_print_error (CMD, "--mpi: this augur was built without MPI: install the Debian "
                             "packages openmpi-bin libopenmpi-dev, then configure (--with-mpi) "
                             "and build again");
      return AUGUR_EXIT_USAGE;
    }
#endif

  if (estimate_probes > 0)
    return print_estimate (rest, o, estimate_probes, o->seed);

  AugurExploreStats st;
  gint64 started = g_get_monotonic_time ();
  g_autoptr(AugurResults) results = augur_explore (rest, o, &st, &error);
  if (results == NULL)
    {
      augur_cmd_print_error (CMD, error->message);
      return augur_cmd_explore_exit_for_error (error);   /* the ranks stop as mpi is freed */
    }
#ifdef HAVE_MPI
  if (mpi != NULL)
    augur_explore_mpi_stop (mpi, &st);
#endif
  int status = report (rest, results, o, &st, started, facts, threshold);
  if (st.nondeterministic)
    {
      /* the findings are printed; a bug found is still the status */
      g_autofree char *why = augur_explore_nondeterministic_text (rest[0], st.diverged);
      augur_cmd_print_error (CMD, why);
      if (status != AUGUR_EXIT_BUG)
        status = AUGUR_EXIT_PROGRAM;
    }
  return status;
}

/* --depth D or LO-HI into @depth and @depth_max (0: no range); FALSE
 * when it is neither, or out of 1..AUGUR_SCHED_PCT_MAX_DEPTH. */
static gboolean
parse_depth (const char *arg, guint *depth, guint *depth_max)
{
  *depth = *depth_max = 0;
  if (arg == NULL)
    return TRUE;
  g_auto (GStrv) parts = g_strsplit (arg, "-", 3);
  guint n = g_strv_length (parts);
  guint64 v[2] = { 0, 0 };
  if (n < 1 || n > 2)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (!g_ascii_string_to_unsigned (parts[i], 10, 1, AUGUR_SCHED_PCT_MAX_DEPTH, &v[i], NULL))
      return FALSE;
  if (n == 2 && v[1] < v[0])
    return FALSE;
  *depth = (guint) v[0];
  *depth_max = n == 2 ? (guint) v[1] : 0;
  return TRUE;
}

/* The facts of `augur static` at @path, or NULL (said). */
static AugurStaticFacts *
load_facts (const char *path)
{
  g_autoptr (GError) error = NULL;
  AugurStaticFacts *facts = augur_static_facts_load (path, &error);
  if (facts == NULL)
    augur_cmd_print_error (CMD, error->message);
  return facts;
}

static int
max_steps_error (void)
{
  g_autofree char *msg = g_strdup_printf ("--max-steps is at most %u (the scheduler's page "
                                          "holds that many steps of one execution); a longer "
                                          "run usually has accesses that need not be steps: "
                                          "see --static-facts and --sync-only",
                                          AUGUR_SCHED_MAX_STEPS);
  return augur_cmd_usage_error (CMD, msg);
}

int
augur_cmd_explore (int argc, char **argv)
{
  g_autofree char *mode = NULL;
  g_autofree char *output = NULL;
  g_autofree char *facts_path = NULL;
  gint64 bound = -1;      /* not given */
  double timeout = 0, exec_timeout = 0;
  gint max_steps = 0, seed = 0, jobs = 1;
  g_autofree char *depth = NULL;
  gboolean progress = FALSE, no_progress = FALSE, show_output = FALSE, sync_only = FALSE;
  gboolean no_spurious = FALSE, estimate = FALSE, use_mpi = FALSE, malloc_reuse = FALSE;
  gint estimate_probes = 1000;
  g_autofree char *fail_on = NULL;
  g_auto(GStrv) rest = NULL;
  GOptionEntry entries[] = {
    { "mode", 'm', 0, G_OPTION_ARG_STRING, &mode,
      "optimal (default), dpor, preempt or pct: see below", "MODE" },
    { "bound", 'b', 0, G_OPTION_ARG_INT64, &bound,
      "pct: number of executions (default 1000); preempt: preemptions (default 2)", "N" },
    { "timeout", 't', 0, G_OPTION_ARG_DOUBLE, &timeout, "Stop exploring after S seconds", "S" },
    { "exec-timeout", 0, 0, G_OPTION_ARG_DOUBLE, &exec_timeout,
      "Kill an execution that takes no step for S seconds, or that runs 10 times as long "
      "(default 10)", "S" },
    { "max-steps", 0, 0, G_OPTION_ARG_INT, &max_steps,
      "Step bound of one execution (default 200000)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT, &seed, "pct, --estimate: random seed", "N" },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &jobs,
      "Execution servers running at once (default 1; optimal and dpor; 0: one per processor)", "N" },
    { "mpi", 0, 0, G_OPTION_ARG_NONE, &use_mpi,
      "Under mpirun: rank 0 searches, the others run its executions (optimal, dpor; see below)",
      NULL },
    { "depth", 0, 0, G_OPTION_ARG_STRING, &depth,
      "pct: bug depth (default 3), or a range the runs take in turn (e.g. 3-8; at most 17)", "D" },
    { "no-spurious-wakeups", 0, 0, G_OPTION_ARG_NONE, &no_spurious,
      "Condition waits wake up only when signalled (by default a waiter may also wake up "
      "without a signal, as POSIX allows: each such wake-up is explored where nothing else "
      "could change what the waiter sees, once until a signal wakes it)", NULL },
    { "malloc-reuse", 0, 0, G_OPTION_ARG_NONE, &malloc_reuse,
      "malloc hands a freed block of up to 1 KiB back at once, as glibc does (finds ABA "
      "problems through the allocator; a use of a block handed out again is no longer seen as "
      "a use of freed memory)", NULL },
    { "sync-only", 0, 0, G_OPTION_ARG_NONE, &sync_only,
      "Schedule at synchronisation only (plain accesses invisible: faster, finds no data race, "
      "never complete)", NULL },
    { "static-facts", 0, 0, G_OPTION_ARG_FILENAME, &facts_path,
      "Facts of `augur static`: accesses at lines in no candidate pair are not scheduling points", "FACTS" },
    { "estimate", 0, 0, G_OPTION_ARG_NONE, &estimate,
      "Do not explore: estimate how many executions the optimal or dpor search would run, "
      "and how long it would take, from random probes of its tree (see below)", NULL },
    { "estimate-probes", 0, 0, G_OPTION_ARG_INT, &estimate_probes,
      "--estimate: random probes (default 1000: half learn the branches, half estimate; more: a closer estimate)", "N" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "Results file (default augur-results.json)", "RESULTS" },
    { "progress", 0, 0, G_OPTION_ARG_NONE, &progress, "Always show the progress line", NULL },
    { "no-progress", 0, 0, G_OPTION_ARG_NONE, &no_progress, "Never show the progress line", NULL },
    { "show-output", 0, 0, G_OPTION_ARG_NONE, &show_output, "Let the program's output through", NULL },
    { "fail-on", 0, 0, G_OPTION_ARG_STRING, &fail_on,
      "Exit with 1 for findings of this severity or worse: error (default), warning, note",
      "SEVERITY" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, "-- PROGRAM [ARG...]" },
    { NULL }
  };
  g_autoptr(GOptionContext) ctx = g_option_context_new (NULL);
  g_option_context_set_summary (ctx, "Explore the interleavings of a program built with augur-cc.");
  set_description (ctx);
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_autoptr(GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    return augur_cmd_usage_error (CMD, error->message);
  if (rest == NULL || rest[0] == NULL)
    return augur_cmd_usage_error (CMD, "no program given; usage: augur explore [OPTION...] -- "
                                       "PROGRAM [ARG...]");
  AugurSeverity threshold;
  if (!augur_cmd_parse_fail_on (CMD, fail_on, &threshold))
    return AUGUR_EXIT_USAGE;
  augur_malloc_reuse_set (malloc_reuse);
  AugurExploreOptions o;
  augur_explore_options_init (&o);
  if (!mode_from_string (mode, &o.mode))
    {
      g_autofree char *msg = g_strdup_printf ("unknown mode '%s': use optimal, dpor, pct or preempt", mode);
      augur_cmd_print_error (CMD, msg);
      return AUGUR_EXIT_USAGE;
    }
  if (bound < -1 || timeout < 0 || exec_timeout < 0 || max_steps < 0 || jobs < 0
      || estimate_probes < 1)
    return augur_cmd_usage_error (CMD, "bounds and timeouts must not be negative, "
                                       "--estimate-probes at least 1");
  if ((guint) max_steps > AUGUR_SCHED_MAX_STEPS)
    return max_steps_error ();
  if (bound < 0)
    bound = o.mode == AUGUR_EXPLORE_MODE_PREEMPT ? 2 : 0;
  o.bound = (guint64) bound;
  o.timeout = timeout;
  /* after it: the names from the debug info, and the save */
  o.after_passes = 2;
  o.exec_timeout = exec_timeout;
  o.max_steps = (guint) max_steps;
  o.seed = (guint) seed;
  if (!parse_depth (depth, &o.depth, &o.depth_max))
    return augur_cmd_usage_error (CMD, "--depth takes a bug depth from 1 to 17, or a range "
                                       "such as 3-8");
  o.sync_only = sync_only;
  o.jobs = jobs > 0 ? (guint) jobs : g_get_num_processors ();
  o.no_spurious = no_spurious;
  o.show_output = show_output;
  o.keep_on_nondeterminism = TRUE;   /* what was found is printed (search) */
  o.progress = !no_progress && (progress || isatty (2));
  o.results_path = output != NULL ? output : "augur-results.json";

  g_autoptr(AugurStaticFacts) facts = NULL;
  if (facts_path != NULL && (o.facts = facts = load_facts (facts_path)) == NULL)
    return AUGUR_EXIT_INPUT;
  return search ((const char *const *) rest, &o, use_mpi, estimate ? (guint) estimate_probes : 0, facts, threshold);
}
