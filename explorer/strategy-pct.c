/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * strategy-pct.c — the pct mode: `bound` executions (0: 1000) under
 * random thread priorities with depth - 1 priority change points
 * (Burckhardt, Kothari, Musuvathi, Nagarakatte, "A randomized scheduler
 * with probabilistic guarantees of finding bugs", ASPLOS 2010).  The
 * runtime draws the schedule from the seed in the page (rt-sched.c); run k
 * of seed s has seed s * 1000003 + k + 1, so a run is reproducible alone.
 * A range of depths (depth_max) gives run k the depth depth + k mod
 * (depth_max - depth + 1): the guarantee for depth d falls as n^(d-1)
 * (n steps), but a bug needing d ordering constraints is out of reach
 * below d (a thread pool's late busy count needed 4 or more: tests/
 * explorer/pool_busy_late.c), so no one depth serves every program.
 * Every execution replays the same prefix (the fixed one, if any): the
 * strategy never changes it.  A sample, never complete.
 */
#include "config.h"

#include "explorer/strategy.h"

typedef struct {
  AugurSearchStrategy base;
  guint seed;
  guint depth;
  guint depths;     /* how many depths from depth up the runs take in turn */
  guint64 runs;
  guint64 run;      /* the next run's number */
  guint steps;      /* PCT's k: the longest execution seen so far */
} PctStrategy;

static AugurSearchStrategy *
pct_new (const AugurExploreOptions *o, AugurDpor *dpor)
{
  (void) dpor;
  PctStrategy *p = g_new0 (PctStrategy, 1);
  p->seed = o->seed;
  p->depth = o->depth ? o->depth : 3;
  p->depths = o->depth_max > p->depth ? o->depth_max - p->depth + 1 : 1;
  p->runs = o->bound ? o->bound : 1000;
  p->steps = 100;
  return &p->base;
}

static void
pct_free (AugurSearchStrategy *s)
{
  g_free (s);
}

static void
pct_seed (AugurSearchStrategy *s, AugurSchedShm *shm)
{
  PctStrategy *p = (PctStrategy *) s;
  shm->random_seed = (guint32) (p->seed * 1000003u + p->run + 1);
  shm->pct_depth = p->depth + (guint) (p->run % p->depths);
  shm->pct_steps = p->steps;
}

static void
pct_add_execution (AugurSearchStrategy *s, const AugurSchedShm *shm, const AugurSchedStep *steps,
                   guint n)
{
  (void) s, (void) shm, (void) steps, (void) n;   /* runs are independent */
}

static void
pct_drop_execution (AugurSearchStrategy *s, guint at)
{
  (void) s, (void) at;
}

static gboolean
pct_next (AugurSearchStrategy *s, const AugurSchedShm *done, GArray *prefix, GArray *sleep)
{
  (void) prefix, (void) sleep;
  PctStrategy *p = (PctStrategy *) s;
  /* every run counts, one that did not follow its prefix too */
  guint n = MIN (done->n_steps, AUGUR_SCHED_MAX_STEPS);
  if (n > p->steps)
    p->steps = n;
  p->run++;
  return p->run < p->runs;
}

static char *
pct_sample (const AugurExploreOptions *o, const AugurExploreStats *st)
{
  guint depth = o->depth ? o->depth : 3;
  if (o->depth_max > depth)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " random PCT schedules at depths %u to %u",
                            st->executions, depth, o->depth_max);
  return g_strdup_printf ("%" G_GUINT64_FORMAT " random PCT schedules", st->executions);
}

const AugurSearchStrategyClass augur_strategy_pct = {
  .name = "pct",
  .shm_flags2 = 0,
  .analysis = AUGUR_DPOR_OPTIMAL,
  .exhaustive = FALSE,
  .new = pct_new,
  .free = pct_free,
  .seed = pct_seed,
  .add_execution = pct_add_execution,
  .drop_execution = pct_drop_execution,
  .next = pct_next,
  .sample = pct_sample,
};
