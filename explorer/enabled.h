/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * enabled.h — which threads could have been scheduled at each state of a
 * finished execution, as far as its steps tell.
 *
 * The search strategies that need enabledness (classic DPOR's "add all
 * enabled threads", the preemption bound's alternatives and its cost of a
 * switch) take it from the runtime's log of the execution when they have
 * it (augur_enabled_set_log: the runtime is the authority).  Without it
 * (the unit tests' hand-made executions, or past the point where the log
 * was full) it is rebuilt from the steps with rules that follow the
 * runtime's (runtime/rt-sched*.c), leaving out what the steps cannot tell
 * (spurious wake-ups, loops that wait, the end of the process):
 *   - a thread runs at state k (before step k) the first step it takes at
 *     an index >= k; it does not exist before its CREATE step, nor after
 *     its EXIT step;
 *   - a LOCK/WRLOCK waits while another thread holds the lock (trylock and
 *     timed locks never wait), an RDLOCK while a writer holds it;
 *   - a COND_WAKE waits for its waking step (or a timeout) and for the
 *     mutex; a BARRIER_LEAVE for the arrival that completed the barrier;
 *     a JOIN for the EXIT of the joined thread;
 *   - anything else is enabled, and so is a thread that is alive but takes
 *     no further step (its pending operation is not in the steps).
 * The answer is "may run": FALSE only when the steps prove the thread was
 * not enabled.  A wrong TRUE costs an infeasible run, which the runtime
 * detects (AUGUR_SST_INFEASIBLE).  Known imprecision the other way: a
 * try-acquire of an rwlock or spinlock that succeeded looks like a blocking
 * acquire, so at a state where the lock was held it is judged disabled.
 */
#ifndef AUGUR_ENABLED_H
#define AUGUR_ENABLED_H

#include <glib.h>

#include "common/augur-sched-format.h"
#include "explorer/tidset.h"

G_BEGIN_DECLS

typedef struct _AugurEnabled AugurEnabled;

/* @steps: borrowed, must outlive the result. */
AugurEnabled *augur_enabled_new (const AugurSchedStep *steps, guint n);
void          augur_enabled_free (AugurEnabled *e);

/* The index of the first step of thread @t at or after @k, or -1. */
gint     augur_enabled_next_step (AugurEnabled *e, guint t, guint k);
/* Whether thread @t may be enabled at state @k (before step @k). */
gboolean augur_enabled_may_run (AugurEnabled *e, guint t, guint k);
/* Adds the threads that may be enabled at state @k to @out. */
void     augur_enabled_add_mask (AugurEnabled *e, guint k, AugurTidSet *out);
/* The runtime's enabled-set log of the execution (borrowed for the call):
 * the answers for states before @lost_at come from it. */
void     augur_enabled_set_log (AugurEnabled *e, const AugurSchedEnabled *log, guint n,
                                guint32 lost_at);
/* Exclusive locks (mutexes, write-held rwlocks) thread @t holds at state
 * @k, as a sorted array of addresses; @n receives their number. */
const guint64 *augur_enabled_lockset (AugurEnabled *e, guint t, guint k, guint *n);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurEnabled, augur_enabled_free)

G_END_DECLS

#endif /* AUGUR_ENABLED_H */
