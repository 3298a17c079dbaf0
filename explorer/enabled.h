/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * enabled.h — which threads could have been scheduled at each state of a
 * finished execution, as far as its steps tell.
 *
 * The search strategies that need enabledness (classic DPOR's "add all
 * enabled threads", the preemption bound's alternatives and its cost of a
 * switch) take it from the runtime's log of the execution
 * (augur_enabled_set_log): the runtime's scheduler (runtime/rt-sched*.c)
 * is the one authority on which thread could run, and its rules are not
 * repeated here.  Without the log (the unit tests' hand-made executions,
 * or past the point where the log was full) the answer is "may run" for
 * every thread that exists (created at an earlier step, no EXIT before):
 * FALSE only when the steps prove the thread was not there.  A wrong TRUE
 * costs an infeasible run, which the runtime detects
 * (AUGUR_SST_INFEASIBLE).
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
