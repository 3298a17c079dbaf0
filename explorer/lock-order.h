/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * lock-order.h — lock-order inversions in the explorer's executions.
 *
 * Every execution's blocking lock acquisitions (a lock, a write or read
 * lock, a condition wait's re-acquisition; not a trylock) taken while
 * other locks are held feed one lock-order graph (common/lock-graph.h)
 * kept with the exploration's results, so that an inversion shows even
 * when its two halves ran in different executions.  Each new inversion is
 * added to the results as a lock-order-inversion finding (a warning, a
 * note under a gate lock); when an execution deadlocks on it, `augur
 * check` (and `augur explore`) make it a part of that deadlock's finding
 * (check/check-merge.h), an error with the deadlock's replayable schedule.
 *
 * Locks are named by their stable names; names are looked up only for a
 * combination of call sites not seen before, so an exploration of many
 * executions through the same code pays one scan of the steps each.
 */
#ifndef AUGUR_LOCK_ORDER_H
#define AUGUR_LOCK_ORDER_H

#include <glib.h>

#include "common/augur-sched-format.h"
#include "common/results.h"
#include "common/symbolizer.h"

G_BEGIN_DECLS

/* Feeds the execution steps[0..n) described by @shm (its object log: the
 * locks' names) to the graph kept with @results, and adds each inversion
 * not reported yet to @results.  @sym has the program at the execution's
 * load bias; @ev are the steps' indices in their threads
 * (augur_steps_event_indices). */
void augur_lock_order_add_execution (AugurResults *results, AugurSymbolizer *sym,
                                     const AugurSchedShm *shm, const AugurSchedStep *steps,
                                     guint n, const guint64 *ev);

G_END_DECLS

#endif /* AUGUR_LOCK_ORDER_H */
