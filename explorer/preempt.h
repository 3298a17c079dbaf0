/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * preempt.h — preemption-bounded search (Musuvathi & Qadeer, "Iterative
 * context bounding for systematic testing of multithreaded programs",
 * PLDI 2007, as in CHESS), for `augur explore --mode preempt --bound K`.
 *
 * The model:
 *   - A preemption is a step of another thread taken while the thread of
 *     the previous step could still run.  Switching away from a thread that
 *     blocked or exited is free, and so is the first step.
 *   - The search is a depth-first walk over the tree of schedules, one
 *     whole execution at a time, like the DPOR cores (dpor.h): each node is
 *     the state before a step, with the threads tried there.  A new branch
 *     is the replayed prefix plus one different thread; after the prefix
 *     the runtime keeps running the current thread while it can (it never
 *     preempts), so an execution costs exactly the preemptions of its
 *     branches.  Branches whose cost would exceed K are not taken, and the
 *     core remembers that some were left out (augur_preempt_bound_reached).
 *   - Which threads may run at a node comes from enabled.h; a guess that
 *     is wrong costs an infeasible run, reported by the runtime.
 *   - Every schedule with at most K preemptions is run exactly once: no
 *     sleep sets and no DPOR, because both prune a schedule on the grounds
 *     that an equivalent one is explored elsewhere, and that one may need
 *     more preemptions than the bound allows (Coons, Musuvathi, McKinley,
 *     "Bounded partial-order reduction", OOPSLA 2013).  So the counts are
 *     numbers of schedules, not of Mazurkiewicz traces.
 */
#ifndef AUGUR_PREEMPT_H
#define AUGUR_PREEMPT_H

#include <glib.h>

#include "common/augur-sched-format.h"

G_BEGIN_DECLS

typedef struct _AugurPreempt AugurPreempt;

AugurPreempt *augur_preempt_new (guint bound);
void          augur_preempt_free (AugurPreempt *p);

/* The runtime's enabled-set log of the execution about to be added (NULL:
 * none; the alternatives are then rebuilt from the steps, enabled.h). */
void     augur_preempt_set_enabled_log (AugurPreempt *p, const AugurSchedEnabled *log, guint n,
                                        guint32 lost_at);
/* The execution that followed the last augur_preempt_next (or the first). */
void     augur_preempt_add_execution (AugurPreempt *p, const AugurSchedStep *steps, guint n);
/* The last requested execution could not follow its new step: forget it. */
void     augur_preempt_drop_execution (AugurPreempt *p);
/* The next execution: @prefix receives the steps to replay (the last one
 * is new: only its tid is meaningful).  FALSE when every schedule within
 * the bound has been run. */
gboolean augur_preempt_next (AugurPreempt *p, GArray *prefix);
/* Some schedule was left out because it needed more than the bound. */
gboolean augur_preempt_bound_reached (AugurPreempt *p);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurPreempt, augur_preempt_free)

G_END_DECLS

#endif /* AUGUR_PREEMPT_H */
