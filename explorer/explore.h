/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * explore.h — the explorer's public entry points: explore a program's
 * interleavings (augur explore) and re-run one schedule (augur replay).
 *
 * Every finding carries its schedule: the exact sequence of steps of the
 * execution that showed it (thread of each step in order), which is all
 * replay needs.  Findings are deduplicated by kind and source locations.
 */
#ifndef AUGUR_EXPLORE_H
#define AUGUR_EXPLORE_H

#include <glib.h>

#include "common/results.h"
#include "explorer/executor.h"
#include "explorer/explore-pool.h"
#include "static/static-facts.h"

G_BEGIN_DECLS

typedef enum {
  AUGUR_EXPLORE_MODE_OPTIMAL,   /* source-DPOR + sleep sets: each trace once */
  AUGUR_EXPLORE_MODE_DPOR,      /* persistent-set DPOR + sleep sets + locksets (inspect):
                                 * the same traces, more blocked runs (dpor-classic.c) */
  AUGUR_EXPLORE_MODE_PCT,       /* PCT: `bound` executions of random priorities, seeded */
  AUGUR_EXPLORE_MODE_PREEMPT,   /* every schedule with at most `bound` preemptions (preempt.h) */
} AugurExploreMode;

/* Called after every execution, including one that could not follow its
 * prefix, with the page it wrote (status, steps, failure) and whether the
 * watchdog killed it.  Returning FALSE stops the exploration. */
typedef gboolean (*AugurExploreExecFunc) (const AugurSchedShm *shm, gboolean killed,
                                          gpointer user_data);
/* Called with each execution that ran to its end (not sleep-set blocked,
 * infeasible or diverged): @steps are borrowed for the call only. */
typedef void (*AugurExploreCompleteFunc) (const AugurSchedStep *steps, guint n,
                                           gpointer user_data);

/* The step bound of an execution when none is given. */
#define AUGUR_EXPLORE_MAX_STEPS 200000u

typedef struct {
  AugurExploreMode mode;
  guint64 bound;          /* pct: executions (0 = 1000); preempt: preemptions (0 allowed) */
  double timeout;         /* whole exploration in seconds, 0 = none */
  double exec_timeout;    /* watchdog per execution (0 = 10 s) */
  guint max_steps;        /* step bound per execution (0 = AUGUR_EXPLORE_MAX_STEPS) */
  guint seed;             /* pct */
  guint depth;            /* pct: bug depth d (d - 1 priority change points; 0 = 3) */
  guint depth_max;        /* pct: above depth, run k takes depth + k mod (depth_max - depth + 1) */
  gboolean progress;      /* progress line on stderr after 1 s */
  gboolean show_output;   /* the program's output is shown */
  gboolean sync_only;     /* plain accesses are not scheduling points */
  const char *results_path; /* rewritten at every new finding and at the end */
  /* A fixed prefix (confirmation): every execution starts with these
   * prefix_len steps, prefix[k] the thread of step k (borrowed); DPOR and
   * PCT vary only what follows.  If the first execution cannot follow it,
   * the exploration stops with stats->prefix_diverged. */
  const guint *prefix;
  guint prefix_len;
  AugurExploreExecFunc on_execution;  /* may be NULL */
  gpointer user_data;
  AugurExecutor *executor;  /* borrowed: run on this fork server of argv (NULL: start one) */
  AugurExploreCompleteFunc on_complete;   /* may be NULL (tests) */
  gpointer on_complete_data;
  /* Static facts (borrowed, may be NULL): when they can prune, accesses at
   * source lines in no candidate pair are not scheduling points
   * (explorer/prune.h).  A schedule found with facts replays only with the
   * same facts. */
  AugurStaticFacts *facts;
  /* After exploring, the failing executions (assertion, crash) are
   * re-run with their unserializable interleavings serialised, and those
   * the failure depends on are reported as atomicity violations
   * (explorer/diagnose.h) — unless this is set (confirmation). */
  gboolean no_diagnose;
  /* A program that does not follow its schedules (more than 20 diverged
   * executions, a tenth of them) ends the search: an error by default;
   * with this set, the results found so far are returned and
   * AugurExploreStats.nondeterministic says why the search stopped. */
  gboolean keep_on_nondeterminism;
  /* If set (caller-owned set of strings): receives every pair of source
   * lines whose accesses met in some execution — two threads, the same
   * memory, at least one write, ordered or not — as "a.c:12|b.c:30"
   * (basenames, the two sorted).  Coverage: a pair static analysis flags
   * but no execution met was not exercised by the test driver. */
  GHashTable *observed;
  /* Condition waits never wake up without a signal (by default they may,
   * once until a signal wakes them: POSIX allows spurious wake-ups; the
   * explorer tries each at the last state of an execution, dpor.c). */
  gboolean no_spurious;
  /* Steps the other threads may take once the process was asked to end
   * (exit, return from main, a failure) before it is ended anyway; the
   * execution is then cut (0 = 10,000). */
  guint exit_steps;
  /* With a timeout: how many times the caller goes over the findings'
   * schedules after the exploration returns (naming, saving, merging, a
   * report: each about one save's worth).  The exploration stops early
   * enough for them and for its own last save (common/deadline.h). */
  double after_passes;
  /* Steps of findings the caller already keeps its own reserve for (augur
   * check's merged findings): its passes are reserved only for the steps
   * beyond these (a bug found again replaces its schedule, it adds none). */
  guint64 after_known_steps;
  /* Execution servers running at once (0 or 1: one, the serial search):
   * with more, the executions the search will ask for are run ahead, each
   * on a server of its own (explore-pool.h); the search, its counts and
   * its findings are the serial one's.  optimal and dpor only (preempt and
   * pct run on one), and not with a fixed prefix. */
  guint jobs;
  /* More servers, in other processes (`--mpi`: MPI ranks, explore-mpi.h):
   * remotes[0..n_remotes) run by remote_run, after the jobs local ones
   * (borrowed; same modes as jobs). */
  AugurExplorePoolRemoteRun remote_run;
  gpointer const *remotes;
  guint n_remotes;
  /* A run of the program made before (augur check's recorded run) ended
   * normally with exit status known_exit: a nonzero status that only some
   * interleavings end with is an error even when every execution explored
   * ends with it (explore-findings.c). */
  gboolean known_exit_set;
  gint known_exit;
} AugurExploreOptions;

typedef struct {
  guint64 executions;     /* complete executions (optimal, dpor: Mazurkiewicz traces; preempt: schedules) */
  guint64 blocked;        /* sleep-set blocked executions */
  guint64 infeasible;     /* backtrack choices the program could not take */
  guint64 diverged;       /* executions that did not follow their prefix */
  char diverged_where[240]; /* where the first of them left it (explorer/divergence.h), "" if
                             * none */
  gboolean diverged_at_misuse; /* ... at a lock or condition destroyed or initialised again
                                * while in use (augur_divergence_text) */
  guint64 step_bound;     /* executions cut by the step bound */
  char cut_where[240];    /* where the first of them spent its last steps, "" if none */
  guint64 watchdog;       /* executions killed by the watchdog */
  guint64 watchdog_reruns; /* runs killed once by the watchdog and run again (a hang only if
                            * killed again: a loaded machine can starve a run) */
  guint64 exit_bound;     /* executions whose end was forced (exit_steps) */
  guint64 thread_limit;   /* executions cut at AUGUR_SCHED_MAX_THREADS threads */
  guint64 unfair;         /* executions that ended with every thread waiting only because a
                           * parked loop showed in passing a value another waits on
                           * (AUGUR_SST_UNFAIR): no hang, counted among the executions */
  guint64 spurious;       /* complete executions in which a condition wait returned without
                           * a signal (a spurious wake-up; never with no_spurious) */
  double seconds;
  gboolean complete;      /* the whole space was explored (after the fixed prefix, if any;
                           * preempt: within the bound) and no execution was cut (step
                           * bound, watchdog, exit bound, thread limit): the mode's
                           * guarantee holds (augur_explore_guarantee); never when the
                           * executable has unseen atomics */
  gboolean sync_exhausted; /* --sync-only: the same but for the plain accesses, which
                            * were no scheduling points: every order of the
                            * synchronisation was run, another strategy runs no
                            * new one */
  gboolean preemption_bound_hit; /* preempt: some schedules needed more preemptions */
  gboolean timed_out;
  gboolean stopped;       /* on_execution asked to stop */
  gboolean nondeterministic; /* keep_on_nondeterminism: the program stopped following its
                              * schedules, which ended the search */
  gboolean prefix_diverged; /* the fixed prefix could not be followed ... */
  guint prefix_diverged_at; /* ... at this step of it */
  guint pruned_sites;     /* access sites (file:line) that were not scheduling points */
  guint pruned_ranges;    /* PC ranges of the executable they make */
  gboolean prune_overflow; /* facts given, but too many ranges: nothing pruned */
  guint64 diagnosis_runs; /* serialised re-runs of failing executions */
  guint diagnosed;        /* atomicity violations they showed */
  guint64 in_process;     /* executions run in the program's execution server (threads as
                           * fibers, no fork; runtime/rt-sched.c) */
  guint32 forked;         /* executions were (or became) forked children with real threads:
                           * why (AUGUR_FORKED_*, the first one seen), 0 if not */
  guint jobs;             /* execution servers that ran the exploration (1: serial) */
  guint64 ahead_used;     /* executions run ahead by a server and then asked for */
  guint64 ahead_wasted;   /* ... run ahead and never asked for (guesses that did not come) */
  guint unseen_atomics;   /* atomic instructions of the executable the runtime never sees
                           * (explorer/unseen-atomics.h): the search cannot be complete */
  const char *unseen_first; /* where the first is (lives as long as the process) */
  char dead_frame[128];   /* where an execution first used a local of another thread's
                           * function that had returned (AUGUR_SXF_DEAD_FRAME), "" if
                           * none did: what that memory holds then, calls write unseen,
                           * so the search cannot be complete */
  char world_wait[160];   /* an execution waited in a poll that also watched descriptors
                           * augur does not model (runtime/rt-fdio.c), only the program's
                           * channels waking it: "epoll_wait at prog.c:33 also watches one",
                           * "" if none */
  char outside_wait[160]; /* an execution ended with every thread waiting and a wait that
                           * a handler of a signal from outside the program could end
                           * (explore_deadlock_outside): "thread 0, SIGALRM, whose handler
                           * is at x.c:10", "" if none; what would follow the signal is
                           * not explored, so the search cannot be complete */
  char weak_shape[192];   /* an execution had the shape of store buffering (weak-memory.h):
                           * "x.c:12 may be passed by the load at x.c:13";
                           * "" if none did.  The search is then complete for sequential
                           * consistency only */
  char weak_mp[256];      /* an execution had the shape of message passing (weak-memory.h):
                           * "the loads at x.c:20 and x.c:21 may see the stores at x.c:12 and
                           * x.c:13 out of order"; "" if none did.  The same */
  double waited;          /* seconds the search spent getting its executions: running
                           * those no other server had started, waiting for the others
                           * (the rest of `seconds` is its own: the speedup's bound) */
  double save_seconds;    /* the longest save of the results file, the last one (after
                           * `seconds`) included: what the caller's save costs again */
  gboolean names_cut;     /* findings made past the deadline got no allocation sites for
                           * their heap blocks' names (exec-names.h) */
} AugurExploreStats;

void augur_explore_options_init (AugurExploreOptions *opts);

/* What an exploration that ended with @st guarantees, in a few words for
 * a summary line: "complete: every interleaving up to equivalence",
 * "complete within 2 preemptions", "incomplete: time budget spent, 3 runs
 * cut by the step bound", "a sample: 1000 random PCT schedules".  Newly
 * allocated.  See doc/design.md, "What each mode guarantees". */
char *augur_explore_guarantee (const AugurExploreOptions *opts, const AugurExploreStats *st);
/* Why executions ran as forked processes (st->forked), in words. */
const char *augur_explore_forked_why (guint32 why);
/* A server's executions ran as forked processes for @why (0: they did
 * not): st->forked keeps the first reason seen. */
void augur_explore_stats_forked (AugurExploreStats *st, guint32 why);

/* Executions cut short (step bound, watchdog, exit bound, thread limit), or
 * whose branches were skipped because they left their schedule (diverged). */
guint64 augur_explore_stats_cut (const AugurExploreStats *st);

/* The key of AugurExploreOptions.observed for two "file:line" locations
 * (file a basename): the two sorted, joined by "|".  Newly allocated. */
char *augur_explore_observed_key (const char *loc_a, const char *loc_b);

/* Explores.  Returns the results (findings, counts), NULL with @error if the
 * program could not be run (AUGUR_EXPLORE_ERROR_*). */
AugurResults *augur_explore (const char *const *argv, const AugurExploreOptions *opts,
                             AugurExploreStats *stats, GError **error);

/* Re-runs @argv along @threads (one thread id per step) and returns the
 * findings of that one execution. */
AugurResults *augur_explore_replay (const char *const *argv, const guint *threads, guint n,
                                    const AugurExploreOptions *opts, GError **error);

/* "PROGRAM does not follow the schedules it is given (N diverged
 * executions): ..." with the likely causes; newly allocated. */
char *augur_explore_nondeterministic_text (const char *program, guint64 diverged);

G_END_DECLS

#endif /* AUGUR_EXPLORE_H */
