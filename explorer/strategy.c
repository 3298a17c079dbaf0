/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * strategy.c — the search strategies by mode, and the calls through their
 * table; see strategy.h.
 */
#include "config.h"

#include "explorer/strategy.h"

const AugurSearchStrategyClass *
augur_strategy_class_of (AugurExploreMode mode)
{
  switch (mode)
    {
    case AUGUR_EXPLORE_MODE_DPOR: return &augur_strategy_dpor;
    case AUGUR_EXPLORE_MODE_PCT: return &augur_strategy_pct;
    case AUGUR_EXPLORE_MODE_PREEMPT: return &augur_strategy_preempt;
    default: return &augur_strategy_optimal;
    }
}

AugurSearchStrategy *
augur_strategy_new (const AugurExploreOptions *o, AugurDpor *dpor)
{
  const AugurSearchStrategyClass *k = augur_strategy_class_of (o->mode);
  AugurSearchStrategy *s = k->new (o, dpor);
  s->klass = k;
  return s;
}

void
augur_strategy_free (AugurSearchStrategy *s)
{
  if (s != NULL)
    s->klass->free (s);
}

void
augur_strategy_seed (AugurSearchStrategy *s, AugurSchedShm *shm)
{
  s->klass->seed (s, shm);
}

void
augur_strategy_add_execution (AugurSearchStrategy *s, const AugurSchedShm *shm,
                              const AugurSchedStep *steps, guint n)
{
  s->klass->add_execution (s, shm, steps, n);
}

void
augur_strategy_drop_execution (AugurSearchStrategy *s, guint at)
{
  s->klass->drop_execution (s, at);
}

gboolean
augur_strategy_next (AugurSearchStrategy *s, const AugurSchedShm *done, GArray *prefix, GArray *sleep)
{
  return s->klass->next (s, done, prefix, sleep);
}

const char *
augur_strategy_bound_hit (AugurSearchStrategy *s)
{
  if (s->klass->bound_reached == NULL || !s->klass->bound_reached (s))
    return NULL;
  return s->klass->bound_name;
}
