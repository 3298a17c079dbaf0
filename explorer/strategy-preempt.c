/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * strategy-preempt.c — the preempt mode: every schedule with at most
 * `bound` preemptions, once (preempt.h).  The DPOR core still finds the
 * data races of these executions (strategy.h), but does not choose them.
 */
#include "config.h"

#include "explorer/strategy.h"

#include "explorer/preempt.h"

typedef struct {
  AugurSearchStrategy base;
  AugurPreempt *preempt;
} PreemptStrategy;

static AugurSearchStrategy *
preempt_new (const AugurExploreOptions *o, AugurDpor *dpor)
{
  (void) dpor;
  PreemptStrategy *p = g_new0 (PreemptStrategy, 1);
  p->preempt = augur_preempt_new ((guint) MIN (o->bound, G_MAXUINT));
  return &p->base;
}

static void
preempt_free (AugurSearchStrategy *s)
{
  augur_preempt_free (((PreemptStrategy *) s)->preempt);
  g_free (s);
}

static void
preempt_seed (AugurSearchStrategy *s, AugurSchedShm *shm)
{
  (void) s;
  shm->random_seed = 0;
}

static void
preempt_add_execution (AugurSearchStrategy *s, const AugurSchedShm *shm, const AugurSchedStep *steps,
                       guint n)
{
  AugurPreempt *p = ((PreemptStrategy *) s)->preempt;
  /* the log is there: shm_flags2 asks for it */
  gboolean logged = (shm->flags2 & AUGUR_SCHED_F2_LOG_ENABLED) != 0;
  augur_preempt_set_enabled_log (p, logged ? shm->enabled : NULL,
                                 logged ? MIN (shm->n_enabled, AUGUR_SCHED_MAX_ENABLED) : 0,
                                 shm->enabled_lost_at);
  augur_preempt_add_execution (p, steps, n);
}

static void
preempt_drop_execution (AugurSearchStrategy *s, guint at)
{
  (void) at;
  augur_preempt_drop_execution (((PreemptStrategy *) s)->preempt);
}

static gboolean
preempt_next (AugurSearchStrategy *s, const AugurSchedShm *done, GArray *prefix, GArray *sleep)
{
  (void) done, (void) sleep;   /* no sleep sets: see preempt.h */
  return augur_preempt_next (((PreemptStrategy *) s)->preempt, prefix);
}

static gboolean
preempt_bound_reached (AugurSearchStrategy *s)
{
  return augur_preempt_bound_reached (((PreemptStrategy *) s)->preempt);
}

static char *
preempt_covered (const AugurExploreOptions *o, const AugurExploreStats *st)
{
  if (!st->preemption_bound_hit)
    return g_strdup ("complete: every schedule");
  return g_strdup_printf ("complete within %" G_GUINT64_FORMAT " preemption%s", o->bound,
                          o->bound == 1 ? "" : "s");
}

/* preempt needs to know which threads could run, and counts every
 * switch: the runtime must not switch on its own */
const AugurSearchStrategyClass augur_strategy_preempt = {
  .name = "preempt",
  .shm_flags2 = AUGUR_SCHED_F2_LOG_ENABLED | AUGUR_SCHED_F2_NO_FAIRNESS,
  .analysis = AUGUR_DPOR_OPTIMAL,
  .exhaustive = TRUE,
  .new = preempt_new,
  .free = preempt_free,
  .seed = preempt_seed,
  .add_execution = preempt_add_execution,
  .drop_execution = preempt_drop_execution,
  .next = preempt_next,
  .bound_reached = preempt_bound_reached,
  .bound_name = "preemptions",
  .covered = preempt_covered,
};
