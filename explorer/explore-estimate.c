/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * explore-estimate.c — augur explore --estimate: Knuth's random probes of
 * a search's tree (estimate.h), run on the program.
 *
 * A probe is a search of its own (a fresh DPOR core) that follows one
 * path of the tree.  Its first execution is the search's first; after
 * each execution, from the node it branched at on, every node is visited
 * in order: with t branches taken there (the execution's own) and l left
 * as the core knows them now, the probe multiplies its weight by b = t + l
 * and draws one of the b uniformly.  The execution's own branch: on to the
 * next node.  Another: that branch runs next (augur_dpor_probe_take), with
 * the branches before it counted as taken (the search runs them first: they
 * are in its sleep set).  At the end of the last execution the weight is
 * the probe's estimate of the runs, and of the complete executions unless
 * that run was sleep-set blocked (0 then); an infeasible branch ends the
 * probe as a run that completes nothing, as in the search.
 *
 * The probes teach one another.  A node is its prefix (the threads of the
 * steps before it: the program is deterministic, so the same state), and
 * after every execution each node on its path records, by a hash of that
 * prefix, the threads that branch there as the probe's core knows them,
 * the ones found after the probe passed the node included; a later probe
 * reaching the node adds them to its core's branches there
 * (augur_dpor_probe_add) before it draws.  The first half of the probes
 * only learn; the estimate is the mean of the second half.  Without it,
 * programs whose first executions end early (a failure) or whose branches
 * show up deep below were estimated at a few per cent of their count
 * (boop: 3 for 1,914; with it, 350).
 *
 * The complete executions are estimated on the source-set tree (the
 * AUGUR_DPOR_SOURCE core), whatever the mode: optimal, dpor and source
 * DPOR all complete each Mazurkiewicz trace once, so they complete the
 * same executions, and the source-set tree is the one a probe sees best
 * (estimate.h).  dpor's sleep-set blocked runs are not estimated: probes
 * of its own tree (AUGUR_DPOR_CLASSIC) see too few of its branches, which
 * it learns from the subtrees of their siblings (lastzero(10): ~1,400
 * runs for 10,509).  Data races, findings and the diagnosis are not
 * looked for.
 */
#include "config.h"

#include "explorer/explore-private.h"
#include "explorer/estimate.h"

#include <string.h>

#include "explorer/prune.h"
#include "explorer/strategy.h"

typedef struct {
  GHashTable *learned;   /* node (its prefix's hash) -> guint64: threads found to branch there */
  const AugurExploreOptions *o;
  AugurExecutor *ex;
  AugurSchedShm *shm;
  const char *const *argv;
  AugurEstimate *est;
  guint64 diverged;
} Prober;

/* Runs the execution of @prefix / @sleep and adds it to @dpor.  *status:
 * how it ended.  FALSE with @error if the program could not be run or
 * does not follow its schedules. */
static gboolean
probe_run (Prober *p, AugurDpor *dpor, GArray *prefix, GArray *sleep, guint32 *status,
           GError **error)
{
  AugurSchedShm *shm = p->shm;
  explore_prepare_shm (shm, p->o, (const AugurSchedStep *) prefix->data, prefix->len,
                       (const AugurSchedStep *) sleep->data, sleep->len);
  shm->random_seed = 0;
  gboolean killed = FALSE;
  if (!augur_executor_run (p->ex, p->o->exec_timeout > 0 ? p->o->exec_timeout : 10.0, &killed,
                           error))
    return FALSE;
  p->est->probe_runs++;
  if (killed)
    p->est->probe_killed++;
  *status = shm->status;
  if (*status == AUGUR_SST_INFEASIBLE || *status == AUGUR_SST_DIVERGED)
    {
      if (*status == AUGUR_SST_DIVERGED && ++p->diverged > 20
          && p->diverged * 10 > p->est->probe_runs)
        {
          g_autofree char *why = augur_explore_nondeterministic_text (p->argv[0], p->diverged);
          g_set_error_literal (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_NONDETERMINISTIC,
                               why);
          return FALSE;
        }
      augur_dpor_drop_execution (dpor, shm->diverged_at);
      return TRUE;
    }
  guint n = MIN (shm->n_steps, AUGUR_SCHED_MAX_STEPS);
  gboolean logged = (shm->flags2 & AUGUR_SCHED_F2_LOG_ENABLED) != 0;
  augur_dpor_set_enabled_log (dpor, logged ? shm->enabled : NULL,
                              logged ? MIN (shm->n_enabled, AUGUR_SCHED_MAX_ENABLED) : 0,
                              shm->enabled_lost_at);
  explore_set_pending (dpor, shm);
  augur_dpor_add_execution (dpor, shm->steps, n, NULL, NULL);
  return TRUE;
}

/* FNV-1a over the threads of a prefix, one step more */
static guint64
hash_step (guint64 h, guint16 tid)
{
  h ^= tid;
  return h * G_GUINT64_CONSTANT (0x100000001b3);
}

/* Teach every node of the execution just added what @dpor knows of its
 * branches, and the nodes from @level on what the others taught: @hashes
 * receives the node's keys (node k: its prefix of k steps). */
static void
learn (Prober *p, AugurDpor *dpor, guint level, GArray *hashes)
{
  const AugurSchedShm *shm = p->shm;
  guint n = MIN (shm->n_steps, AUGUR_SCHED_MAX_STEPS);
  guint depth = augur_dpor_depth (dpor);
  g_array_set_size (hashes, depth + 1);
  guint64 h = G_GUINT64_CONSTANT (0xcbf29ce484222325);
  for (guint k = 0; k <= depth; k++)
    {
      g_array_index (hashes, guint64, k) = h;
      if (k < n)
        h = hash_step (h, shm->steps[k].tid);
    }
  for (guint k = 0; k < depth; k++)
    {
      guint64 key = g_array_index (hashes, guint64, k);
      guint64 *known = g_hash_table_lookup (p->learned, &key);
      if (known != NULL && k >= level)
        for (guint t = 0; t < 64; t++)
          if ((*known >> t) & 1)
            augur_dpor_probe_add (dpor, k, t);
      guint64 mask = augur_dpor_probe_branches (dpor, k);
      if (known == NULL)
        {
          /* the key and its mask in one block, freed with the key */
          known = g_new (guint64, 2);
          known[0] = key;
          known[1] = 0;
          g_hash_table_insert (p->learned, known, known + 1);
          known = known + 1;
        }
      *known |= mask;
    }
}

/* One probe of the tree of a search with a core of @kind (source or
 * classic), from the root to a leaf: its estimates of the complete
 * executions and of the runs into *executions and *runs; *late: the
 * branches its later executions added at nodes it had passed. */
static gboolean
probe (Prober *p, AugurDporKind kind, GRand *rng, double *executions, double *runs, guint *late,
       GError **error)
{
  g_autoptr (AugurDpor) dpor = augur_dpor_new_kind (kind);
  g_autoptr (GArray) prefix = g_array_new (FALSE, TRUE, sizeof (AugurSchedStep));
  g_autoptr (GArray) sleep = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  /* per node passed: its branches left once passed */
  g_autoptr (GArray) left_after = g_array_new (FALSE, TRUE, sizeof (guint));
  g_autoptr (GArray) hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
  double weight = 1.0;
  guint level = 0;     /* the first node not passed yet */
  *late = 0;
  for (;;)
    {
      guint32 status;
      if (!probe_run (p, dpor, prefix, sleep, &status, error))
        return FALSE;
      if (status == AUGUR_SST_INFEASIBLE || status == AUGUR_SST_DIVERGED)
        {
          /* a leaf that completes nothing, as in the search */
          *executions = 0;
          *runs = weight;
          return TRUE;
        }
      if (p->learned != NULL)
        learn (p, dpor, level, hashes);
      /* what this execution added where the probe has been */
      for (guint k = 0; k < level; k++)
        {
          guint taken, left;
          augur_dpor_branches (dpor, k, &taken, &left);
          guint *was = &g_array_index (left_after, guint, k);
          if (left > *was)
            *late += left - *was;
          *was = left;
        }
      guint depth = augur_dpor_depth (dpor);
      if (left_after->len < depth)
        g_array_set_size (left_after, depth);
      if (!augur_estimate_descend (dpor, rng, &level, &weight, prefix, sleep, left_after))
        {
          *runs = weight;
          *executions = status == AUGUR_SST_SLEEP_BLOCKED ? 0.0 : weight;
          return TRUE;
        }
    }
}

/* @probes probes of the tree of @kind, within o->timeout from @t0: the
 * first half learn (their branches go to p->learned; their estimates to
 * @learnt), the second half's estimates go to @samples.  They never stop
 * early on their own estimate: it errs low until enough have run (a stop
 * once they had run twice the executions estimated left lock programs at
 * a tenth of their count, and lastzero(10) at 0.45). */
static gboolean
probes_of (Prober *p, AugurDporKind kind, guint probes, GRand *rng, gint64 t0,
           AugurEstimateSamples *learnt, AugurEstimateSamples *samples, GError **error)
{
  guint64 late = 0;
  guint done = 0, learning = probes / 2;
  for (; done < probes; done++)
    {
      if (p->o->timeout > 0 && (g_get_monotonic_time () - t0) / 1e6 > p->o->timeout)
        {
          p->est->timed_out = TRUE;
          break;
        }
      double executions, runs;
      guint probe_late;
      if (!probe (p, kind, rng, &executions, &runs, &probe_late, error))
        return FALSE;
      if (done < learning)
        {
          augur_estimate_samples_add (learnt, executions, runs);
          continue;
        }
      late += probe_late;
      augur_estimate_samples_add (samples, executions, runs);
    }
  p->est->learning = MIN (done, learning);
  p->est->late_branches = done > learning ? (double) late / (done - learning) : 0.0;
  return TRUE;
}

gboolean
augur_explore_estimate (const char *const *argv, const AugurExploreOptions *o, guint probes,
                        guint seed, AugurEstimate *est, GError **error)
{
  memset (est, 0, sizeof *est);
  if (o->mode != AUGUR_EXPLORE_MODE_OPTIMAL && o->mode != AUGUR_EXPLORE_MODE_DPOR)
    {
      g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_FAILED,
                   "--estimate estimates optimal and dpor searches only");
      return FALSE;
    }
  g_autoptr (AugurExecutor) own = NULL;
  Prober p = { .o = o, .ex = o->executor, .argv = argv, .est = est };
  g_autoptr (GHashTable) learned = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  p.learned = learned;
  if (p.ex == NULL)
    p.ex = own = augur_executor_new (argv, o->show_output, error);
  if (p.ex == NULL)
    return FALSE;
  p.shm = augur_executor_shm (p.ex);
  g_autofree char *exe = g_find_program_in_path (argv[0]);
  AugurPruneInfo pi;
  augur_prune_fill (p.shm, exe != NULL ? exe : argv[0], o->facts, &pi);
  g_autoptr (GRand) rng = g_rand_new_with_seed (seed);
  gint64 t0 = g_get_monotonic_time ();
  /* the complete executions, from the source-set tree (estimate.h) */
  g_autoptr (AugurEstimateSamples) learnt = augur_estimate_samples_new ();
  g_autoptr (AugurEstimateSamples) samples = augur_estimate_samples_new ();
  AugurExecutorPin pin;
  augur_executor_pin_caller (p.ex, &pin);   /* on its server's CPU (executor.h) */
  gboolean probed = probes_of (&p, AUGUR_DPOR_SOURCE, probes, rng, t0, learnt, samples, error);
  augur_executor_unpin_caller (&pin);
  if (!probed)
    return FALSE;
  /* stopped before the second half: the learning probes' estimate */
  guint learning = est->learning;
  if (augur_estimate_samples_count (samples) == 0)
    {
      augur_estimate_samples_result (learnt, est);
      est->learning = 0;
    }
  else
    {
      augur_estimate_samples_result (samples, est);
      est->learning = learning;
    }
  est->seconds = (g_get_monotonic_time () - t0) / 1e6;
  return TRUE;
}
