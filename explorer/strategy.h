/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * strategy.h — the search strategy of an exploration: which schedule the
 * explorer runs next.  The loop (explore.c) knows nothing of the modes: it
 * asks the strategy for the runtime flags and seed of the next execution,
 * runs it, hands it back (add_execution, or drop_execution when it could
 * not follow its prefix) and asks for the next prefix until there is none.
 *
 *   strategy-dpor.c     optimal and dpor: the DPOR core's own search
 *                       (dpor.h), each Mazurkiewicz trace once;
 *   strategy-preempt.c  every schedule within a preemption bound (preempt.h);
 *   strategy-pct.c      a sample of seeded random PCT schedules.
 *
 * Whatever the strategy, the loop feeds every execution to one DPOR core
 * (dpor.h), which finds the data races in every mode; its kind is the
 * strategy's (AugurSearchStrategyClass.analysis).  optimal and dpor search with
 * that same core, so their add_execution and drop_execution have nothing
 * left to do.  See doc/design.md, "Search strategies".
 *
 * (AugurSearchStrategy, not AugurStrategy: that is a strategy's entry in
 * the results of augur check, common/results.h.)
 */
#ifndef AUGUR_STRATEGY_H
#define AUGUR_STRATEGY_H

#include <glib.h>

#include "common/augur-sched-format.h"
#include "explorer/dpor.h"
#include "explorer/explore.h"

G_BEGIN_DECLS

typedef struct _AugurSearchStrategyClass AugurSearchStrategyClass;

/* The first member of each strategy's own state. */
typedef struct {
  const AugurSearchStrategyClass *klass;
} AugurSearchStrategy;

struct _AugurSearchStrategyClass {
  const char *name;         /* the mode's name, as in the results */
  guint32 shm_flags2;       /* AUGUR_SCHED_F2_* the runtime must apply to its executions */
  AugurDporKind analysis;   /* the kind of the DPOR core every execution is fed to */
  /* A search that runs out of schedules has explored the whole space
   * (exhaustive), or only drawn a sample of it. */
  gboolean exhaustive;

  /* @dpor: the core the loop feeds (borrowed, outlives the strategy). */
  AugurSearchStrategy *(*new) (const AugurExploreOptions *o, AugurDpor *dpor);
  void (*free) (AugurSearchStrategy *s);
  /* The page is being prepared for the next execution: the strategy's
   * own fields of it (the random seed of PCT, 0 for none). */
  void (*seed) (AugurSearchStrategy *s, AugurSchedShm *shm);
  /* The execution that followed the last prefix ran to its end (or was
   * sleep-set blocked); @shm: its page (the enabled-set log). */
  void (*add_execution) (AugurSearchStrategy *s, const AugurSchedShm *shm,
                         const AugurSchedStep *steps, guint n);
  /* It could not follow its prefix at step @at: forget it. */
  void (*drop_execution) (AugurSearchStrategy *s, guint at);
  /* The next execution: @prefix receives the steps to replay (the last
   * one is new: only its tid is meaningful), @sleep the sleep set valid
   * before that last step; both are left as they are if the strategy does
   * not use them.  @done: the page of the execution just run, whatever
   * its end.  FALSE when there is nothing left to run. */
  gboolean (*next) (AugurSearchStrategy *s, const AugurSchedShm *done, GArray *prefix, GArray *sleep);
  /* Some schedule was left out because of the strategy's own bound (NULL:
   * it has none); bound_name is its name among the results' bound hits. */
  gboolean (*bound_reached) (AugurSearchStrategy *s);
  const char *bound_name;

  /* For the guarantee (augur_explore_guarantee), newly allocated: what a
   * finished exhaustive search covers ("complete: every schedule"), and
   * what a sampling one sampled ("1000 random PCT schedules"; NULL for
   * the exhaustive ones). */
  char *(*covered) (const AugurExploreOptions *o, const AugurExploreStats *st);
  char *(*sample) (const AugurExploreOptions *o, const AugurExploreStats *st);
};

/* ---- the strategies (one file each) ---- */
extern const AugurSearchStrategyClass augur_strategy_optimal;
extern const AugurSearchStrategyClass augur_strategy_dpor;
extern const AugurSearchStrategyClass augur_strategy_preempt;
extern const AugurSearchStrategyClass augur_strategy_pct;

/* ---- strategy.c ---- */
const AugurSearchStrategyClass *augur_strategy_class_of (AugurExploreMode mode);
AugurSearchStrategy *augur_strategy_new (const AugurExploreOptions *o, AugurDpor *dpor);
void           augur_strategy_free (AugurSearchStrategy *s);
void           augur_strategy_seed (AugurSearchStrategy *s, AugurSchedShm *shm);
void           augur_strategy_add_execution (AugurSearchStrategy *s, const AugurSchedShm *shm,
                                             const AugurSchedStep *steps, guint n);
void           augur_strategy_drop_execution (AugurSearchStrategy *s, guint at);
gboolean       augur_strategy_next (AugurSearchStrategy *s, const AugurSchedShm *done, GArray *prefix,
                                    GArray *sleep);
/* The name of the bound that left schedules out (results' bound hits), or NULL. */
const char    *augur_strategy_bound_hit (AugurSearchStrategy *s);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurSearchStrategy, augur_strategy_free)

G_END_DECLS

#endif /* AUGUR_STRATEGY_H */
