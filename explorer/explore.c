/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * explore.c — the exploration loop; see explore.h.
 *
 * Loop: ask the search strategy (strategy.h) for the next prefix and
 * sleep set, write them in the shared page, run one execution, hand its
 * steps to the DPOR core (which reports data races on the way) and to the
 * strategy, and turn how it ended into findings (explore-findings.c).
 * With --jobs N (optimal, dpor), the execution comes from a pool of N
 * servers that run the search's next executions ahead of it
 * (explore-pool.h): the loop, and so the search, is the same.  Once the
 * search ends, the failing executions are diagnosed (explore-diagnose.c).
 * Also here: the guarantee an exploration gives, and augur replay (one
 * schedule).
 */
#include "config.h"

#include "explorer/explore-private.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "common/malloc-reuse.h"
#include "common/same-bug.h"
#include "explorer/dpor.h"
#include "explorer/estimate.h"
#include "explorer/explore-pool.h"
#include "explorer/killed-run.h"
#include "explorer/prune.h"
#include "explorer/steps.h"
#include "explorer/strategy.h"
#include "explorer/unseen-atomics.h"
#include "common/program-check.h"

void
augur_explore_options_init (AugurExploreOptions *o)
{
  memset (o, 0, sizeof *o);
  o->mode = AUGUR_EXPLORE_MODE_OPTIMAL;
}

/* (module << 32 | pc) pairs, smaller first */
static guint
pc_pair_hash (gconstpointer p)
{
  const guint64 *v = p;
  return (guint) ((v[0] * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) ^ v[1]) >> 17);
}

static gboolean
pc_pair_equal (gconstpointer a, gconstpointer b)
{
  return memcmp (a, b, 2 * sizeof (guint64)) == 0;
}

static guint
pc_pair_addr_hash (gconstpointer p)
{
  const guint64 *v = p;
  return pc_pair_hash (p) ^ (guint) ((v[2] * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)) >> 23);
}

static gboolean
pc_pair_addr_equal (gconstpointer a, gconstpointer b)
{
  return memcmp (a, b, 3 * sizeof (guint64)) == 0;
}

/* A new execution ran: its objects are new, the program's load bias
 * (for the names of globals) as the fork server reports it. */
static void
new_execution (Ctx *c)
{
  g_clear_pointer (&c->names, augur_exec_names_free);
  augur_symbolizer_add_sched_modules (c->sym, c->shm->modules, c->shm->n_modules);
  if (c->shm->exe_bias != c->exe_bias)
    {
      c->exe_bias = c->shm->exe_bias;
      augur_symbolizer_add_module (c->sym, 0, c->exe, c->exe_bias);
    }
}

/* opts->observed: the instruction pairs that met, turned into line pairs
 * at the end (observe_lines) */
static void
on_conflict (const AugurSchedStep *steps, guint i, guint j, gpointer data)
{
  Ctx *c = data;
  guint64 a = (guint64) steps[i].module << 32 | steps[i].pc;
  guint64 b = (guint64) steps[j].module << 32 | steps[j].pc;
  guint64 pair[2] = { MIN (a, b), MAX (a, b) };
  if (!g_hash_table_contains (c->conflict_pcs, pair))
    g_hash_table_add (c->conflict_pcs, g_memdup2 (pair, sizeof pair));
}

static void
observe_lines (Ctx *c)
{
  if (c->opts->observed == NULL)
    return;
  GHashTableIter it;
  gpointer key;
  g_hash_table_iter_init (&it, c->conflict_pcs);
  while (g_hash_table_iter_next (&it, &key, NULL))
    {
      const guint64 *pair = key;
      g_autofree char *a = explore_findings_loc_key (c, (guint) (pair[0] >> 32), (guint32) pair[0]);
      g_autofree char *b = explore_findings_loc_key (c, (guint) (pair[1] >> 32), (guint32) pair[1]);
      g_hash_table_add (c->opts->observed, augur_explore_observed_key (a, b));
    }
}

char *
augur_explore_observed_key (const char *loc_a, const char *loc_b)
{
  gboolean swap = strcmp (loc_a, loc_b) > 0;
  return g_strconcat (swap ? loc_b : loc_a, "|", swap ? loc_a : loc_b, NULL);
}

static Ctx *
ctx_new (const char *const *argv, const AugurExploreOptions *opts, const char *mode)
{
  Ctx *c = g_new0 (Ctx, 1);
  g_autofree char *exe = g_find_program_in_path (argv[0]);
  c->results = augur_results_new (exe != NULL ? exe : argv[0], "explore");
  /* a replay runs the stored argv from anywhere */
  g_auto (GStrv) stored = augur_program_argv_absolute (argv);
  augur_results_set_argv (c->results, (const char *const *) stored);
  augur_results_set_mode (c->results, mode);
  augur_results_set_malloc_reuse (c->results, augur_malloc_reuse_get ());
  g_autofree char *cwd = g_get_current_dir ();
  augur_results_set_source_dir (c->results, cwd);
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  augur_results_set_started (c->results, now);
  c->exe = g_strdup (exe != NULL ? exe : argv[0]);
  c->sym = augur_symbolizer_new ();
  augur_symbolizer_add_module (c->sym, 0, c->exe, 0);
  c->seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  c->race_pcs = g_hash_table_new_full (pc_pair_hash, pc_pair_equal, g_free, NULL);
  c->race_addrs = g_hash_table_new_full (pc_pair_addr_hash, pc_pair_addr_equal, g_free, NULL);
  c->conflict_pcs = g_hash_table_new_full (pc_pair_hash, pc_pair_equal, g_free, NULL);
  c->failures = g_ptr_array_new_with_free_func (explore_diagnose_failure_free);
  c->failed_at = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  c->first_exit = opts->known_exit_set ? opts->known_exit : -1;
  c->first_exit_known = opts->known_exit_set;
  c->other_exit = -1;
  c->argv = argv;
  c->opts = opts;
  return c;
}

static void
ctx_free (Ctx *c)
{
  if (c->results != NULL)
    augur_results_unref (c->results);
  augur_exec_names_free (c->names);
  augur_symbolizer_free (c->sym);
  g_free (c->exe);
  g_hash_table_unref (c->seen);
  g_hash_table_unref (c->race_pcs);
  g_hash_table_unref (c->race_addrs);
  g_hash_table_unref (c->conflict_pcs);
  g_ptr_array_unref (c->failures);
  g_hash_table_unref (c->failed_at);
  g_free (c);
}

void
explore_prepare_shm (AugurSchedShm *shm, const AugurExploreOptions *o, const AugurSchedStep *prefix,
             guint n_prefix, const AugurSchedStep *sleep, guint n_sleep)
{
  shm->prefix_len = n_prefix;
  for (guint k = 0; k < n_prefix; k++)
    shm->prefix[k] = prefix[k].tid;
  if (n_prefix > 0)
    memcpy (shm->expect, prefix, n_prefix * sizeof *prefix);
  shm->check_prefix = 1;
  n_sleep = MIN (n_sleep, AUGUR_SCHED_MAX_SLEEP);
  if (n_sleep > 0)
    memcpy (shm->sleep, sleep, n_sleep * sizeof *sleep);
  shm->n_sleep = n_sleep;
  shm->max_steps = MIN (o->max_steps ? o->max_steps : AUGUR_EXPLORE_MAX_STEPS, AUGUR_SCHED_MAX_STEPS);
  shm->flags = o->sync_only ? AUGUR_SCHED_F_NO_ACCESSES : 0;
  shm->flags2 = 0;
  if (o->no_spurious)
    shm->flags2 |= AUGUR_SCHED_F2_NO_SPURIOUS;
  /* the enabled-set log, no fairness: what the mode's strategy needs */
  shm->flags2 |= augur_strategy_class_of (o->mode)->shm_flags2;
  shm->exit_steps = o->exit_steps;
}

/* the pool's prepare: a server's page for the next execution (optimal
 * and dpor only: no random seed); a remote server's too (explore-mpi.c) */
void
explore_pool_prepare (AugurSchedShm *shm, const AugurSchedStep *prefix, guint n_prefix,
                      const AugurSchedStep *sleep, guint n_sleep, gpointer data)
{
  explore_prepare_shm (shm, data, prefix, n_prefix, sleep, n_sleep);
  shm->random_seed = 0;
}

/* @busy: of st->jobs servers, running an execution now; @dpor: the
 * search's core when the strategy is its own search (optimal, dpor), for
 * the estimate of what is left (estimate.h), else NULL; @probed: the
 * probes' estimate of the executions in all (0: none) */
static void
progress (const AugurExploreOptions *o, const AugurExploreStats *st, guint findings, gint64 t0,
          gint64 *last, guint busy, AugurDpor *dpor, double probed, gboolean final)
{
  if (!o->progress)
    return;
  gint64 now = g_get_monotonic_time ();
  if (!final && (now - t0 < G_USEC_PER_SEC || now - *last < G_USEC_PER_SEC / 2))
    return;
  if (final && *last == 0)
    return;
  *last = now;
  double secs = (now - t0) / 1e6;
  guint64 runs = st->executions + st->blocked;
  double rate = secs > 0 ? runs / secs : 0.0;
  g_autofree char *servers = st->jobs > 1 && !final
                              ? g_strdup_printf (", %u/%u servers busy", busy, st->jobs)
                              : g_strdup ("");
  g_autofree char *left = NULL;
  if (dpor != NULL && !final && st->executions > 0)
    {
      /* the share of the tree left, from the search's stack, times the
       * larger of the probes' estimate of the executions in all and the
       * search's own (the executions so far over the share they make):
       * 0 at the end, but low on optimal's tree, whose share done is too
       * high until its wakeup trees have grown; so the probes' estimate
       * less the executions so far, when that is within twice that */
      double share = augur_estimate_done_share (dpor);
      double all = MAX (probed, st->executions / share);
      double by_share = (1 - share) * all;
      double more = CLAMP (all - st->executions, by_share, 2 * by_share);
      g_autofree char *n = augur_estimate_format (more);
      left = g_strdup_printf (", estimate: ~%s executions left (~%.0f s)", n,
                              more / (st->executions / secs));
    }
  /* G_MAXUINT: too many findings to count the bugs they are */
  g_autofree char *found = findings == G_MAXUINT
                             ? g_strdup_printf ("over %u findings", AUGUR_SAME_BUG_COUNT_MAX)
                             : g_strdup_printf ("%u finding%s", findings, findings == 1 ? "" : "s");
  fprintf (stderr, "\raugur explore: %" G_GUINT64_FORMAT " executions (%.0f/s), %"
           G_GUINT64_FORMAT " blocked, %s%s%s%s",
           st->executions, rate, st->blocked, found, servers,
           left != NULL ? left : "", final ? "\n" : "   ");
  fflush (stderr);
}

/* The operations the threads were left waiting to do when the execution
 * ended (blocked, waiting in a loop, or cut while they could run). */
void
explore_set_pending (AugurDpor *dpor, const AugurSchedShm *shm)
{
  g_autoptr (GArray) pending = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  guint T = MIN (shm->n_threads, AUGUR_SCHED_MAX_THREADS);
  /* the runtime writes them at every end, a normal one too: the process
   * may end while threads are blocked (an END waits only until nothing
   * else can run) */
  for (guint t = 0; t < T; t++)
    {
      const AugurSchedThread *th = &shm->threads[t];
      /* an unfair end (AUGUR_SST_UNFAIR), or a hang with loops parked
       * by their repetition: the awaiting loops' next steps repeat steps
       * the execution has, whose races with the reads that wait on them
       * are reversed already; racing with the pending ones too would only
       * ask for one more iteration of the loop before the same end, in a
       * new execution each time, without end (an iteration changes
       * nothing: what another thread reads in the middle of the next one,
       * it read in the middle of the last one in the execution that
       * reversed that race).  An announced wait (a pipe read, rt-fdio.c)
       * repeats nothing: its pending step stays. */
      if (th->state == AUGUR_STH_AWAITING
          && (shm->status == AUGUR_SST_UNFAIR || (shm->status == AUGUR_SST_DEADLOCK && th->repeats)))
        continue;
      if ((th->state == AUGUR_STH_BLOCKED || th->state == AUGUR_STH_AWAITING)
          && th->pending.op != AUGUR_SOP_NONE && th->pending.op != AUGUR_SOP_END)
        {
          AugurSchedStep p = th->pending;
          p.tid = (guint16) t;
          if (th->spurious)
            p.xflags |= AUGUR_SXF_SPURIOUS;   /* it may still wake up: dpor.c asks for it */
          g_array_append_val (pending, p);
        }
    }
  augur_dpor_set_pending (dpor, (const AugurSchedStep *) pending->data, pending->len);
}

/* The execution's steps and threads, as one debug message (shown with
 * G_MESSAGES_DEBUG=augur-explorer): one line "run N: prefix P sleep S
 * status X n STEPS diverged_at D", then a line a step and a line a thread. */
static void
debug_steps (guint64 run, const AugurSchedShm *shm, const AugurSchedStep *steps, guint n,
             guint32 status)
{
  g_autoptr (GString) out = g_string_new (NULL);
  g_string_append_printf (out, "run %" G_GUINT64_FORMAT ": prefix %u sleep %u status %u n %u diverged_at %u",
                          run, shm->prefix_len, shm->n_sleep, status, n, shm->diverged_at);
  for (guint k = 0; k < n; k++)
    g_string_append_printf (out, "\n  %u: t%u op%u ev%u obj %" G_GINT64_MODIFIER "x arg %"
                            G_GINT64_MODIFIER "x pc %x%s", k, steps[k].tid, steps[k].op,
                            steps[k].ev_kind, steps[k].obj, steps[k].arg, steps[k].pc,
                            k < shm->prefix_len && shm->prefix[k] != steps[k].tid ? " !!" : "");
  if (status == AUGUR_SST_DIVERGED || status == AUGUR_SST_INFEASIBLE)
    g_string_append_printf (out, "\n  expected t%u ev%u pc %x", shm->prefix[shm->diverged_at],
                            shm->expect[shm->diverged_at].ev_kind, shm->expect[shm->diverged_at].pc);
  for (guint t = 0; t < 8; t++)
    if (shm->threads[t].state)
      g_string_append_printf (out, "\n  thread %u state %u pending op%u ev%u pc %x arg %"
                              G_GINT64_MODIFIER "x", t, shm->threads[t].state,
                              shm->threads[t].pending.op, shm->threads[t].pending.ev_kind,
                              shm->threads[t].pending.pc, shm->threads[t].pending.arg);
  g_debug ("%s", out->str);
}

/* Where the search's own thread spends its CPU time per execution, for
 * `make bench-explore` (AUGUR_EXPLORE_STATS=FILE: a line appended at the
 * end, next to the execution server's AUGUR_SERVER_STATS): running the
 * execution (the page written, the command, the wait for the answer:
 * the IPC), the DPOR analysis (augur_dpor_add_execution, races reported
 * on the way included), the findings of the execution's end, and the
 * search's next step (augur_strategy_next).  The clock is read only when
 * asked: a thread CPU clock is a system call.  Also, at the end, the
 * wakeup trees' nodes then and in their slabs, with a node's size: what
 * an optimal search's memory grows with. */
typedef struct {
  const char *path;
  guint64 executions, ipc_ns, analysis_ns, findings_ns, next_ns;
} SearchTimes;

static guint64
search_cpu_ns (const SearchTimes *t)
{
  if (t == NULL)
    return 0;
  struct timespec ts = { 0, 0 };
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (guint64) ts.tv_sec * 1000000000u + (guint64) ts.tv_nsec;
}

static void
search_times_write (const SearchTimes *t)
{
  if (t == NULL)
    return;
  FILE *f = fopen (t->path, "a");
  if (f == NULL)
    return;
  guint64 live, held;
  augur_dpor_wakeup_nodes (&live, &held);
  fprintf (f, "executions %" G_GUINT64_FORMAT " ipc_ns %" G_GUINT64_FORMAT " analysis_ns %"
           G_GUINT64_FORMAT " findings_ns %" G_GUINT64_FORMAT " next_ns %" G_GUINT64_FORMAT
           " thread_ns %" G_GUINT64_FORMAT " wakeup_nodes_live %" G_GUINT64_FORMAT
           " wakeup_nodes_held %" G_GUINT64_FORMAT " wakeup_node_bytes %u\n", t->executions,
           t->ipc_ns, t->analysis_ns, t->findings_ns, t->next_ns, search_cpu_ns (t), live, held,
           augur_dpor_wakeup_node_size ());
  fclose (f);
}

/* An execution that ran to its end (or was sleep-set blocked): counted,
 * handed to the search, and its findings kept. */
static void
add_execution (Ctx *c, const AugurExploreOptions *o, AugurExploreStats *st, AugurDpor *dpor,
               AugurSearchStrategy *strategy, AugurSchedShm *shm, const AugurSchedStep *steps, guint n,
               guint32 status, gboolean killed, SearchTimes *times)
{
  explore_findings_note_execution (c, st, shm, steps, n);
  if (status == AUGUR_SST_SLEEP_BLOCKED)
    st->blocked++;
  else
    {
      st->executions++;
      if (!o->no_spurious && augur_steps_last_spurious (steps, n) >= 0)
        st->spurious++;
    }
  if (status == AUGUR_SST_STEP_BOUND)
    {
      st->step_bound++;
      augur_results_add_bound_hit (c->results, "steps");
      if (st->cut_where[0] == '\0')
        explore_findings_note_cut (c, st, steps, n);
    }
  if (status == AUGUR_SST_TOO_MANY_THREADS)
    {
      st->thread_limit++;
      augur_results_add_bound_hit (c->results, "threads");
    }
  if (status == AUGUR_SST_UNFAIR)
    st->unfair++;
  if (status == AUGUR_SST_EXIT_BOUND)
    {
      st->exit_bound++;
      augur_results_add_bound_hit (c->results, "exit");
    }
  if (killed)
    augur_results_add_bound_hit (c->results, "watchdog");
  RaceData rd = { c, NULL, shm->objects, explore_findings_race_objects (shm), shm, NULL, FALSE };
  gboolean logged = (shm->flags2 & AUGUR_SCHED_F2_LOG_ENABLED) != 0;
  const AugurSchedEnabled *log = logged ? shm->enabled : NULL;
  guint n_log = logged ? MIN (shm->n_enabled, AUGUR_SCHED_MAX_ENABLED) : 0;
  augur_dpor_set_enabled_log (dpor, log, n_log, shm->enabled_lost_at);
  explore_set_pending (dpor, shm);
  guint64 t0 = search_cpu_ns (times);
  augur_dpor_add_execution (dpor, steps, n, explore_findings_on_race, &rd);
  augur_strategy_add_execution (strategy, shm, steps, n);
  guint64 t1 = search_cpu_ns (times);
  if (status != AUGUR_SST_SLEEP_BLOCKED)
    explore_findings_ending (c, steps, n, killed, &rd.ev);
  if (times != NULL)
    {
      times->executions++;
      times->analysis_ns += t1 - t0;
      times->findings_ns += search_cpu_ns (times) - t1;
    }
  if (status != AUGUR_SST_SLEEP_BLOCKED && o->on_complete != NULL)
    o->on_complete (steps, n, o->on_complete_data);
  explore_findings_save_pending (c);
  explore_findings_race_data_clear (&rd);
}

/* The work after the search, besides the caller's passes: the last save
 * of the results and the freeing of the search (a pass each), and the
 * end of the fork server and the files (seconds). */
#define OWN_PASSES 2.0
#define OWN_BASE 0.1

/* The deadline's work: the findings so far; their steps. */
static guint64
update_work (Ctx *c)
{
  guint n = augur_results_get_n_findings (c->results);
  guint64 steps = augur_results_count_steps (c->results);
  /* the exploration's own passes over all of them, the caller's over
   * those it has not reserved for */
  const AugurExploreOptions *o = c->opts;
  guint64 beyond = steps > o->after_known_steps ? steps - o->after_known_steps : 0;
  double work = OWN_PASSES * (double) steps + MAX (o->after_passes, 0) * (double) beyond;
  if (c->deadline != NULL)
    augur_deadline_set_work (c->deadline, n, (guint64) work);
  return steps;
}

void
explore_note_save (Ctx *c, gint64 started)
{
  if (c->deadline == NULL)
    return;
  double seconds = (g_get_monotonic_time () - started) / 1e6;
  augur_deadline_note_pass (c->deadline, update_work (c), seconds);
}

/* One exploration's search: what its loop and helpers share. */
typedef struct {
  Ctx *c;
  const AugurExploreOptions *o;
  AugurExploreStats *st;
  AugurExecutor *ex;
  AugurDeadline *deadline;
  AugurDpor *dpor;           /* every execution's analysis (races); optimal's, dpor's search */
  AugurSearchStrategy *strategy;   /* which schedule runs next */
  GArray *prefix;            /* AugurSchedStep: the next execution's, then the new step */
  GArray *sleep;             /* AugurSchedStep: the sleep set before the new step */
  guint fixed;               /* steps of the fixed prefix */
  gboolean fixed_unchecked;  /* it has not been followed yet */
  gint64 t0, last;           /* µs: the start, the last progress line */
  gint64 hard_deadline;      /* µs: no execution or analysis goes on past it (0: none) */
  gint64 run_ended, analysis; /* µs: the last execution's end, what it cost after it */
  guint n_findings, n_bugs;  /* findings so far; the bugs they are (same-bug.h) */
  gboolean hang_seen;        /* a run was killed twice by the watchdog: no more re-runs */
  /* --jobs > 1: the servers running ahead (explore-pool.h); NULL: ex alone */
  AugurExplorePool *pool;
  GPtrArray *servers;        /* AugurExecutor: ex (borrowed), then the others (owned) */
  AugurSchedShm *page;       /* owned: the page of the execution taken last (c->shm) */
  /* the progress line's estimate: random probes once the search has run
   * a second (search_probe); 0: none (yet) */
  double probed;             /* their estimate of the executions in all */
  gboolean probes_run;
  SearchTimes *times;        /* AUGUR_EXPLORE_STATS: where the CPU goes; NULL: not asked */
  const AugurPruneInfo *pi;  /* the static facts' pruning of the servers */
  gboolean diagnosed;        /* the failures so far were diagnosed while the search ran */
} Search;

/* The loop's first prefix: the fixed one, if any (a confirmation): the
 * first execution follows its threads unchecked; once followed, its steps
 * are the prefix every later execution checks. */
static void
search_init_prefix (Search *s)
{
  s->fixed = MIN (s->o->prefix_len, AUGUR_SCHED_MAX_STEPS);
  s->fixed_unchecked = s->fixed > 0;
  g_array_set_size (s->prefix, s->fixed);
  for (guint k = 0; k < s->fixed; k++)
    g_array_index (s->prefix, AugurSchedStep, k).tid = (guint16) s->o->prefix[k];
  augur_dpor_set_fixed (s->dpor, s->fixed);
}

static void
search_time_up (Search *s)
{
  s->st->timed_out = TRUE;
  augur_results_add_bound_hit (s->c->results, "time");
}

/* The failing executions diagnosed, in at most @budget seconds: without
 * the static facts' pruning (their accesses are often no steps), else
 * the ones kept since the last diagnosis. */
static void
search_diagnose (Search *s, double budget)
{
  Ctx *c = s->c;
  const AugurExploreOptions *o = s->o;
  if (!o->no_diagnose && c->failing_runs > 0 && s->pi->n_ranges > 0 && !s->pi->overflow)
    {
      if (s->diagnosed)
        return;   /* that exploration found its own failures: once */
      explore_diagnose_unpruned (c, s->ex, o, s->st, budget);
      /* its servers' page was left without the facts: the search's again */
      AugurPruneInfo again;
      augur_prune_fill (augur_executor_shm (s->ex), c->exe, o->facts, &again);
    }
  else if (c->failures->len > c->failures_diagnosed)
    explore_diagnose_failures (c, s->ex, o, s->st, budget);
}

/* --timeout less the reserve is a hard limit for the search: no execution
 * and no analysis pass goes on past it (an execution started just before
 * would otherwise take its whole watchdog time, a pass over a long one can
 * take minutes); the reserve grows with the findings.  TRUE if the next
 * execution must not start. */
static gboolean
search_out_of_time (Search *s)
{
  const AugurExploreOptions *o = s->o;
  /* once something failed, a quarter of the time is kept for diagnosis */
  double share = s->c->failing_runs > 0 && !o->no_diagnose && !s->diagnosed ? 0.75 : 1.0;
  s->hard_deadline = augur_deadline_stop_time (s->deadline);
  augur_dpor_set_deadline (s->dpor, s->hard_deadline);
  /* what the last execution cost after it ran (its analysis, its
   * findings): one that would end past the deadline is not started */
  gint64 now = g_get_monotonic_time ();
  if (s->run_ended != 0)
    s->analysis = now - s->run_ended;
  if (o->timeout > 0
      && now + s->analysis - s->t0 > (gint64) ((s->hard_deadline - s->t0) * share))
    {
      if (share < 1.0 && s->pool == NULL)
        {
          /* the failures are diagnosed now, on the search's server, and
           * what the diagnosis leaves of the quarter is the search's (a
           * pool's servers are busy running ahead: it diagnoses at the
           * end) */
          search_diagnose (s, augur_deadline_left (s->deadline));
          s->diagnosed = TRUE;
          s->run_ended = 0;
          return search_out_of_time (s);
        }
      search_time_up (s);
      return TRUE;
    }
  return FALSE;
}

typedef enum { RUN_DONE, RUN_FAILED, RUN_OUT_OF_TIME } RunEnd;

/* Runs the next execution: the prefix, the sleep set and the strategy's
 * seed in the page; the run and its analysis end by the deadline. */
static RunEnd
search_run (Search *s, gboolean *killed, GError **error)
{
  AugurSchedShm *shm = s->c->shm;
  double run_timeout = 0;
  gboolean cut_by_deadline = FALSE;
  for (guint attempt = 0;; attempt++)
    {
      explore_prepare_shm (shm, s->o, (const AugurSchedStep *) s->prefix->data, s->prefix->len,
                   (const AugurSchedStep *) s->sleep->data, s->sleep->len);
      if (s->fixed_unchecked)
        shm->check_prefix = 0;
      augur_strategy_seed (s->strategy, shm);
      run_timeout = s->o->exec_timeout > 0 ? s->o->exec_timeout : 10.0;
      gint64 hard = s->hard_deadline != 0 ? s->hard_deadline - s->analysis : 0;
      gint64 deadline = augur_executor_run_deadline (run_timeout, hard);
      *killed = FALSE;
      if (!augur_executor_run_watched (s->ex, run_timeout, deadline, killed, error))
        return RUN_FAILED;
      cut_by_deadline = *killed && hard != 0 && g_get_monotonic_time () >= hard;
      s->run_ended = g_get_monotonic_time ();
      /* a run the watchdog killed is a hang only if it is killed again:
       * on a loaded machine a starved run can miss the watchdog (the
       * schedule is the same, so is the run); once a hang is seen, kills
       * are taken as they are */
      if (!*killed || cut_by_deadline || s->hang_seen)
        break;
      if (attempt == 1)
        {
          s->hang_seen = TRUE;
          break;
        }
      s->st->watchdog_reruns++;
    }
  /* what the threads of the run it kept were left waiting to do
   * (killed-run.h): once, not for a kill run again */
  if (*killed && !cut_by_deadline
      && !augur_killed_run_threads (s->ex, run_timeout, s->hard_deadline, error))
    return RUN_FAILED;
  if (*killed && cut_by_deadline)
    {
      /* the time ran out, not the execution's watchdog: not a hang,
       * and not an execution (nothing of it is analysed) */
      search_time_up (s);
      return RUN_OUT_OF_TIME;
    }
  return RUN_DONE;
}

/* The DPOR core when it is the search's (optimal, dpor), for the
 * progress line's estimate; NULL for the other strategies. */
static AugurDpor *
search_core (Search *s)
{
  AugurExploreMode m = s->o->mode;
  return m == AUGUR_EXPLORE_MODE_OPTIMAL || m == AUGUR_EXPLORE_MODE_DPOR ? s->dpor : NULL;
}

/* The execution just run, handed to the analysis, the strategy and the
 * findings.  FALSE if the fixed prefix could not be followed. */
static gboolean
search_take (Search *s, guint64 run, gboolean killed)
{
  Ctx *c = s->c;
  AugurExploreStats *st = s->st;
  AugurSchedShm *shm = c->shm;
  new_execution (c);
  guint n = MIN (shm->n_steps, AUGUR_SCHED_MAX_STEPS);
  guint32 status = shm->status;
  if (!g_log_writer_default_would_drop (G_LOG_LEVEL_DEBUG, G_LOG_DOMAIN))
    debug_steps (run, shm, shm->steps, n, status);
  if (killed)
    st->watchdog++;
  gboolean dropped = status == AUGUR_SST_INFEASIBLE || status == AUGUR_SST_DIVERGED;
  if (s->fixed_unchecked && dropped)
    {
      st->prefix_diverged = TRUE;
      st->prefix_diverged_at = shm->diverged_at;
      augur_results_add_bound_hit (c->results, "diverged");
      if (s->o->on_execution != NULL)
        s->o->on_execution (shm, killed, s->o->user_data);
      return FALSE;
    }
  if (s->fixed_unchecked && n >= s->fixed)
    {
      /* pct replays these; dpor's prefixes come from its own copy */
      memcpy (s->prefix->data, shm->steps, s->fixed * sizeof *shm->steps);
      s->fixed_unchecked = FALSE;
    }
  if (dropped)
    {
      if (status == AUGUR_SST_INFEASIBLE)
        st->infeasible++;
      else
        {
          /* what lies below it is not explored: the results say so */
          if (st->diverged++ == 0)
            explore_findings_note_divergence (c, st);
          augur_results_add_bound_hit (c->results, "diverged");
        }
      augur_dpor_drop_execution (s->dpor, shm->diverged_at);
      augur_strategy_drop_execution (s->strategy, shm->diverged_at);
    }
  else
    add_execution (c, s->o, st, s->dpor, s->strategy, shm, shm->steps, n, status, killed, s->times);
  if (augur_results_get_n_findings (c->results) != s->n_findings)
    {
      s->n_findings = augur_results_get_n_findings (c->results);
      s->n_bugs = s->o->progress ? augur_same_bug_count (c->results) : s->n_findings;
      update_work (c);
    }
  progress (s->o, st, s->n_bugs, s->t0, &s->last,
            s->pool != NULL ? augur_explore_pool_busy (s->pool) : 1, search_core (s), s->probed,
            FALSE);
  return TRUE;
}

/* A search with a progress line that has run half a second (the line
 * shows after a second: a long search): 1,000 random probes of its tree
 * (the first half learning), on a server of their own, estimate its
 * executions for the line (estimate.h); a few per cent of its time, 2 s
 * at most (a tenth of a --timeout). */
static void
search_probe (Search *s)
{
  if (s->probes_run || !s->o->progress || search_core (s) == NULL || s->fixed > 0
      || g_get_monotonic_time () - s->t0 < G_USEC_PER_SEC / 2)
    return;
  s->probes_run = TRUE;
  AugurExploreOptions po = *s->o;
  po.executor = NULL;
  po.show_output = FALSE;
  /* 2 s, or a tenth of a --timeout */
  po.timeout = s->o->timeout > 0 ? MIN (2.0, s->o->timeout / 10) : 2.0;
  AugurEstimate est;
  g_autoptr (GError) error = NULL;
  if (augur_explore_estimate (s->c->argv, &po, 1000, 0, &est, &error))
    s->probed = est.executions;
  else
    g_debug ("no estimate for the progress line: %s", error->message);
}

/* After an execution: TRUE if the search must end before the next one
 * (the analysis cut at the deadline, the caller, nondeterminism: then
 * *ok is FALSE and @error set). */
static gboolean
search_stops (Search *s, gboolean killed, gboolean *ok, GError **error)
{
  AugurExploreStats *st = s->st;
  if (augur_dpor_cut (s->dpor))
    {
      /* its analysis stopped at the deadline: this execution's findings
       * are kept, its backtrack points are not all known */
      search_time_up (s);
      return TRUE;
    }
  if (s->o->on_execution != NULL && !s->o->on_execution (s->c->shm, killed, s->o->user_data))
    {
      st->stopped = TRUE;
      return TRUE;
    }
  if (st->diverged > 20 && st->diverged * 10 > st->executions + st->blocked)
    {
      if (s->o->keep_on_nondeterminism)
        {
          /* what was found is kept, and the search said incomplete */
          st->nondeterministic = TRUE;
          augur_results_add_bound_hit (s->c->results, "diverged");
          return TRUE;
        }
      g_autofree char *why = augur_explore_nondeterministic_text (s->c->argv[0], st->diverged);
      g_set_error_literal (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_NONDETERMINISTIC, why);
      *ok = FALSE;
      return TRUE;
    }
  return FALSE;
}

char *
augur_explore_nondeterministic_text (const char *program, guint64 diverged)
{
  return g_strdup_printf ("%s does not follow the schedules it is given (%" G_GUINT64_FORMAT
                          " diverged executions): it behaves nondeterministically (time, "
                          "randomness, input, reads of uninitialised memory, files an earlier "
                          "execution wrote: a database or log each execution must start "
                          "afresh, removed or rebuilt by the program itself) or uses "
                          "synchronisation augur does not model (atomics in inline assembly, "
                          "which augur-cc cannot instrument)", program, diverged);
}

/* After the search: the failing executions diagnosed within what is left
 * of --timeout, the counts, the last save. */
static void
search_finish (Search *s, gboolean ok)
{
  Ctx *c = s->c;
  const AugurExploreOptions *o = s->o;
  AugurExploreStats *st = s->st;
  const char *bound = augur_strategy_bound_hit (s->strategy);
  if (bound != NULL)
    {
      st->preemption_bound_hit = TRUE;   /* preempt's is the only strategy bound */
      augur_results_add_bound_hit (c->results, bound);
    }
  double budget = 30.0;
  if (o->timeout > 0)
    budget = augur_deadline_left (s->deadline);
  if (ok && budget >= 0.05)   /* else there is no time left for it */
    search_diagnose (s, budget);
  observe_lines (c);
  st->seconds = (g_get_monotonic_time () - s->t0) / 1e6;
  /* the search's own server's, added to the others' (search_pool_stop) */
  AugurSchedShm *own = augur_executor_shm (s->ex);
  st->in_process += own->fiber_executions;
  augur_explore_stats_forked (st, own->no_fibers);
  progress (o, st, o->progress ? augur_same_bug_count (c->results) : 0, s->t0, &s->last, 0, NULL, 0,
            TRUE);
  augur_results_set_executions (c->results, st->executions);
  augur_results_set_duration (c->results, st->seconds);
  explore_findings_save_now (c);
  st->save_seconds = c->save_seconds;
  st->names_cut = c->names_cut;
}

/* ---- --jobs: servers running ahead (explore-pool.h) ---- */

/* The servers the search can use: --jobs for optimal and dpor, whose
 * search looks ahead (augur_dpor_ahead); one for the others, and for a
 * fixed prefix (a confirmation, a diagnosis: a few runs). */
static guint
search_jobs (const AugurExploreOptions *o)
{
  gboolean ahead = o->mode == AUGUR_EXPLORE_MODE_OPTIMAL || o->mode == AUGUR_EXPLORE_MODE_DPOR;
  if ((o->jobs <= 1 && o->n_remotes == 0) || !ahead || o->prefix_len > 0)
    return 1;
  return MIN (MAX (o->jobs, 1u) + o->n_remotes, 256u);
}

AugurExecutor *
explore_server_new (const char *const *argv, const char *exe, const AugurExploreOptions *o,
                    GError **error)
{
  AugurExecutor *ex = augur_executor_new (argv, o->show_output, error);
  if (ex == NULL)
    return NULL;
  AugurPruneInfo pi;
  augur_prune_fill (augur_executor_shm (ex), exe, o->facts, &pi);
  return ex;
}

/* Starts the other servers and the pool; FALSE with @error if a server
 * could not start.  Left serial, with a note, if the servers cannot share
 * one address layout. */
static gboolean
search_pool_start (Search *s, guint jobs, GError **error)
{
  if (!augur_executor_same_layout ())
    {
      g_printerr ("augur explore: --jobs %u: the system refuses to start programs without "
                  "address randomisation (personality), which parallel servers need: "
                  "exploring on one\n", jobs);
      return TRUE;
    }
  s->servers = g_ptr_array_new ();
  g_ptr_array_add (s->servers, s->ex);
  guint remotes = MIN (s->o->n_remotes, jobs - 1);
  for (guint k = 1; k < jobs - remotes; k++)
    {
      AugurExecutor *ex = explore_server_new (s->c->argv, s->c->exe, s->o, error);
      if (ex == NULL)
        return FALSE;
      g_ptr_array_add (s->servers, ex);
    }
  s->page = g_malloc0 (sizeof (AugurSchedShm));
  s->c->shm = s->page;
  s->pool = augur_explore_pool_new_full ((AugurExecutor *const *) s->servers->pdata, s->servers->len,
                                         s->o->remote_run, s->o->remotes, remotes, explore_pool_prepare,
                                         (gpointer) s->o,
                                         s->o->exec_timeout > 0 ? s->o->exec_timeout : 10.0);
  s->st->jobs = jobs;
  return TRUE;
}

/* Stops the pool (the servers' threads) and the servers it started; the
 * search's own server, ex, is left for the diagnosis. */
static void
search_pool_stop (Search *s)
{
  if (s->pool != NULL)
    {
      augur_explore_pool_counts (s->pool, &s->st->ahead_used, &s->st->ahead_wasted);
      g_clear_pointer (&s->pool, augur_explore_pool_free);
      s->c->shm = augur_executor_shm (s->ex);
    }
  if (s->servers != NULL)
    {
      for (guint k = 1; k < s->servers->len; k++)
        {
          AugurSchedShm *shm = augur_executor_shm (g_ptr_array_index (s->servers, k));
          s->st->in_process += shm->fiber_executions;
          augur_explore_stats_forked (s->st, shm->no_fibers);
          augur_executor_free (g_ptr_array_index (s->servers, k));
        }
      g_clear_pointer (&s->servers, g_ptr_array_unref);
    }
  g_clear_pointer (&s->page, g_free);
}

/* The next execution, as search_run, from the pool: run ahead, or now. */
static RunEnd
search_run_pool (Search *s, gboolean *killed, GError **error)
{
  gint64 deadline = s->hard_deadline != 0 ? s->hard_deadline - s->analysis : 0;
  augur_explore_pool_set_deadline (s->pool, deadline);
  AugurExplorePoolRun run;
  gint64 asked = g_get_monotonic_time ();
  if (!augur_explore_pool_take (s->pool, s->prefix, s->sleep, s->c->shm, &run, error))
    return RUN_FAILED;
  s->run_ended = g_get_monotonic_time ();
  s->st->waited += (s->run_ended - asked) / 1e6;
  *killed = run.killed;
  s->st->watchdog_reruns += run.reruns;
  if (run.out_of_time)
    {
      search_time_up (s);
      return RUN_OUT_OF_TIME;
    }
  return RUN_DONE;
}

typedef struct {
  AugurExplorePool *pool;
  guint seen, limit;
} Ahead;

static gboolean
on_ahead (guint depth, const GArray *prefix, const GArray *sleep, gpointer data)
{
  Ahead *a = data;
  if (augur_explore_pool_ahead (a->pool, depth, prefix, sleep) == AUGUR_EXPLORE_POOL_FULL)
    return FALSE;
  return ++a->seen < a->limit;
}

/* The search chose its next execution (s->prefix, s->sleep), which it
 * runs itself unless a server has started it: the ones it will ask for
 * after it are queued for the other servers. */
static void
search_ahead (Search *s)
{
  /* a look at the deepest few: the pool keeps 8 guesses per server */
  Ahead a = { s->pool, 0, 8 * s->st->jobs };
  augur_dpor_ahead (s->dpor, on_ahead, &a);
}

AugurResults *
augur_explore (const char *const *argv, const AugurExploreOptions *o, AugurExploreStats *st,
               GError **error)
{
  memset (st, 0, sizeof *st);
  Search s = { .o = o, .st = st, .t0 = g_get_monotonic_time () };
  /* --timeout is a hard limit for the whole exploration, what follows the
   * search included: its end is kept for the saves and the caller's
   * passes over the findings (common/deadline.h) */
  g_autoptr (AugurDeadline) deadline = augur_deadline_new (o->timeout);
  augur_deadline_set_after (deadline, OWN_BASE, 0, 1);   /* passes: in update_work's steps */
  g_autoptr (AugurExecutor) own = NULL;
  s.ex = o->executor;
  if (s.ex == NULL)
    s.ex = own = augur_executor_new (argv, o->show_output, error);
  if (s.ex == NULL)
    return NULL;
  const AugurSearchStrategyClass *klass = augur_strategy_class_of (o->mode);
  Ctx *c = s.c = ctx_new (argv, o, klass->name);
  c->shm = augur_executor_shm (s.ex);
  c->deadline = s.deadline = deadline;
  const AugurUnseenAtomics *unseen = augur_unseen_atomics_of (c->exe, augur_executor_server_pid (s.ex), c->sym, "augur");
  st->unseen_atomics = unseen->count;
  st->unseen_first = unseen->first;
  c->unseen_atomic = unseen->first;
  c->fences = unseen->fences;
  if (unseen->count > 0)
    augur_results_add_bound_hit (c->results, "unseen-atomics");
  AugurPruneInfo pi;
  augur_prune_fill (c->shm, c->exe, o->facts, &pi);
  st->pruned_sites = pi.n_sites;
  st->pruned_ranges = pi.n_ranges;
  st->prune_overflow = pi.overflow;
  s.pi = &pi;
  if (pi.overflow)
    g_printerr ("augur explore: %s: more than %u pruned PC ranges: static pruning is off\n",
                c->exe, AUGUR_SCHED_MAX_PRUNED);
  /* the DPOR core finds the data races of every mode; the strategy
   * chooses the schedules (with that core itself for optimal and dpor) */
  g_autoptr (AugurDpor) dpor = s.dpor = augur_dpor_new_kind (klass->analysis);
  g_autoptr (AugurSearchStrategy) strategy = s.strategy = augur_strategy_new (o, dpor);
  g_autoptr (GArray) prefix = s.prefix = g_array_new (FALSE, TRUE, sizeof (AugurSchedStep));
  g_autoptr (GArray) sleep = s.sleep = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  search_init_prefix (&s);
  SearchTimes times = { .path = g_getenv ("AUGUR_EXPLORE_STATS") };
  if (times.path != NULL && *times.path != '\0')
    s.times = &times;
  if (o->observed != NULL)
    augur_dpor_set_conflict_func (dpor, on_conflict, c);
  st->jobs = 1;
  guint jobs = search_jobs (o);
  gboolean ok = jobs == 1 || search_pool_start (&s, jobs, error);
  /* the search with its own server, on its CPU (after the pool's servers
   * and threads started: they take CPUs of the whole set) */
  AugurExecutorPin pin;
  augur_executor_pin_caller (s.ex, &pin);
  for (guint64 run = 0; ok; run++)
    {
      if (search_out_of_time (&s))
        break;
      search_probe (&s);
      gboolean killed;
      guint64 t_run = search_cpu_ns (s.times);
      RunEnd end = s.pool != NULL ? search_run_pool (&s, &killed, error) : search_run (&s, &killed, error);
      if (s.times != NULL)
        s.times->ipc_ns += search_cpu_ns (s.times) - t_run;
      if (end == RUN_FAILED)
        ok = FALSE;
      if (end != RUN_DONE || !search_take (&s, run, killed) || search_stops (&s, killed, &ok, error))
        break;
      guint64 t_next = search_cpu_ns (s.times);
      gboolean more = augur_strategy_next (strategy, c->shm, prefix, sleep);
      if (s.times != NULL)
        s.times->next_ns += search_cpu_ns (s.times) - t_next;
      if (!more)
        {
          /* the search ended; its guarantee holds only if it is exhaustive
           * and no run was cut */
          gboolean whole = klass->exhaustive && augur_explore_stats_cut (st) == 0
                           && st->unseen_atomics == 0 && st->dead_frame[0] == '\0'
                           && st->outside_wait[0] == '\0';
          st->complete = whole && !o->sync_only;
          st->sync_exhausted = whole && o->sync_only;
          break;
        }
      if (s.pool != NULL)
        search_ahead (&s);
    }
  augur_executor_unpin_caller (&pin);
  search_pool_stop (&s);
  search_times_write (s.times);
  search_finish (&s, ok);
  AugurResults *r = ok ? augur_results_ref (c->results) : NULL;
  ctx_free (c);
  return r;
}

AugurResults *
augur_explore_replay (const char *const *argv, const guint *threads, guint n,
                      const AugurExploreOptions *o, GError **error)
{
  g_autoptr (AugurExecutor) ex = augur_executor_new (argv, o->show_output, error);
  if (ex == NULL)
    return NULL;
  Ctx *c = ctx_new (argv, o, "replay");
  c->shm = augur_executor_shm (ex);
  AugurPruneInfo pi;
  augur_prune_fill (c->shm, c->exe, o->facts, &pi);
  g_autoptr (GArray) prefix = g_array_new (FALSE, TRUE, sizeof (AugurSchedStep));
  g_array_set_size (prefix, MIN (n, AUGUR_SCHED_MAX_STEPS));
  for (guint k = 0; k < prefix->len; k++)
    g_array_index (prefix, AugurSchedStep, k).tid = (guint16) threads[k];
  explore_prepare_shm (c->shm, o, (const AugurSchedStep *) prefix->data, prefix->len, NULL, 0);
  c->shm->check_prefix = 0;
  c->shm->random_seed = 0;
  c->first_exit = -2;   /* its one run is the finding's schedule, no first execution */
  gboolean killed = FALSE;
  if (!augur_executor_run (ex, o->exec_timeout > 0 ? o->exec_timeout : 10.0, &killed, error))
    {
      ctx_free (c);
      return NULL;
    }
  new_execution (c);
  guint32 status = c->shm->status;
  if (status == AUGUR_SST_DIVERGED || status == AUGUR_SST_INFEASIBLE)
    {
      g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_NONDETERMINISTIC,
                   "%s did not follow the stored schedule (step %u of %u)", argv[0],
                   c->shm->diverged_at + 1, n);
      ctx_free (c);
      return NULL;
    }
  guint ns = MIN (c->shm->n_steps, AUGUR_SCHED_MAX_STEPS);
  g_autoptr (AugurDpor) dpor = augur_dpor_new ();
  RaceData rd = { c, NULL, c->shm->objects, explore_findings_race_objects (c->shm), c->shm,
                  NULL, FALSE };
  augur_dpor_add_execution (dpor, c->shm->steps, ns, explore_findings_on_race, &rd);
  explore_findings_ending (c, c->shm->steps, ns, killed, &rd.ev);
  explore_findings_race_data_clear (&rd);
  /* a diagnosed atomicity violation shows again only by diagnosis */
  if (c->failures->len > 0)
    {
      AugurExploreStats st = { 0 };
      explore_diagnose_failures (c, ex, o, &st, 30.0);
    }
  augur_results_set_executions (c->results, 1);
  AugurResults *r = augur_results_ref (c->results);
  ctx_free (c);
  return r;
}
