/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * strategy-dpor.c — the optimal and dpor modes: the DPOR core's own
 * search (dpor.h), optimal DPOR with wakeup trees or the persistent-set
 * DPOR of inspect.  Each Mazurkiewicz trace is run once.
 *
 * The core is the one the loop feeds every execution to for its data
 * races (strategy.h): it has already taken the execution, or dropped it,
 * by the time the strategy is told, so only next is the strategy's own.
 */
#include "config.h"

#include "explorer/strategy.h"

typedef struct {
  AugurSearchStrategy base;
  AugurDpor *dpor;   /* borrowed */
} DporStrategy;

static AugurSearchStrategy *
dpor_new (const AugurExploreOptions *o, AugurDpor *dpor)
{
  (void) o;
  DporStrategy *d = g_new0 (DporStrategy, 1);
  d->dpor = dpor;
  return &d->base;
}

static void
dpor_free (AugurSearchStrategy *s)
{
  g_free (s);
}

static void
dpor_seed (AugurSearchStrategy *s, AugurSchedShm *shm)
{
  (void) s;
  shm->random_seed = 0;
}

static void
dpor_add_execution (AugurSearchStrategy *s, const AugurSchedShm *shm, const AugurSchedStep *steps,
                    guint n)
{
  (void) s, (void) shm, (void) steps, (void) n;   /* the loop fed it to the core */
}

static void
dpor_drop_execution (AugurSearchStrategy *s, guint at)
{
  (void) s, (void) at;   /* the loop dropped it from the core */
}

static gboolean
dpor_next (AugurSearchStrategy *s, const AugurSchedShm *done, GArray *prefix, GArray *sleep)
{
  (void) done;
  return augur_dpor_next (((DporStrategy *) s)->dpor, prefix, sleep);
}

static char *
dpor_covered (const AugurExploreOptions *o, const AugurExploreStats *st)
{
  (void) o, (void) st;
  return g_strdup ("complete: every interleaving up to equivalence");
}

const AugurSearchStrategyClass augur_strategy_optimal = {
  .name = "optimal",
  .shm_flags2 = 0,
  .analysis = AUGUR_DPOR_OPTIMAL,
  .exhaustive = TRUE,
  .new = dpor_new,
  .free = dpor_free,
  .seed = dpor_seed,
  .add_execution = dpor_add_execution,
  .drop_execution = dpor_drop_execution,
  .next = dpor_next,
  .covered = dpor_covered,
};

/* classic DPOR needs to know which threads could run at each step */
const AugurSearchStrategyClass augur_strategy_dpor = {
  .name = "dpor",
  .shm_flags2 = AUGUR_SCHED_F2_LOG_ENABLED,
  .analysis = AUGUR_DPOR_CLASSIC,
  .exhaustive = TRUE,
  .new = dpor_new,
  .free = dpor_free,
  .seed = dpor_seed,
  .add_execution = dpor_add_execution,
  .drop_execution = dpor_drop_execution,
  .next = dpor_next,
  .covered = dpor_covered,
};
