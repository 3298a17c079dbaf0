/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * after-destroy.h — what follows a use of a destroyed object in one
 * explored execution, and is that bug's consequence rather than a bug of
 * its own.
 *
 * The runtime reports the first use of an object after its destroy
 * (AUGUR_MISUSE_USE_AFTER_DESTROY); the execution goes on.  From there the
 * object is no object: glibc's lock and unlock of a destroyed mutex fail
 * with EINVAL, so the threads that lock it are no longer kept apart, and
 * the model's idea of who holds it stops meaning anything.  What then
 * follows in the same execution would be reported as separate errors
 * with texts that contradict the program (a double unlock after a
 * condition wait that re-locked, an unlock of a mutex "never locked"
 * that the program locked, data races between critical sections of that
 * mutex).  Those are the use after destroy's consequences:
 *
 *  - a misuse of the same object reported after its use after destroy
 *    (and before an init makes it a live object again);
 *  - a data race between two threads that both made a call on a
 *    destroyed mutex that failed (a lock that took nothing, an unlock
 *    that released nothing, a condition wait refused, or woken without
 *    its mutex) before the later of its two accesses.  Whatever that
 *    mutex ordered or protected between them, directly (a critical
 *    section) or through what it protected (a turn, a step counter read
 *    under it), is lost from there on, so the race is taken for that
 *    loss.  Only a mutex whose calls failed counts (glibc's destroyed
 *    read-write lock or spinlock still works, and its steps order what
 *    they order); a thread that never used the mutex after its destroy
 *    keeps its races.
 *
 * The same race or misuse in an execution without the use after destroy
 * is reported as usual.
 */
#ifndef AUGUR_AFTER_DESTROY_H
#define AUGUR_AFTER_DESTROY_H

#include <glib.h>

#include "common/augur-sched-format.h"

G_BEGIN_DECLS

/* Does misuse[k] follow, on the same object, a use after destroy among
 * misuse[0..k) of the execution steps[0..n), with no init of the object
 * in between? */
gboolean augur_after_destroy_follows (const AugurSchedMisuse *misuse, guint k,
                                      const AugurSchedStep *steps, guint n);

/* The destroyed mutexes of one execution whose calls failed after the
 * destroy, and the first such call of each thread. */
typedef struct AugurAfterDestroy AugurAfterDestroy;

/* NULL when the execution (its misuses misuse[0..n_misuse), its steps
 * steps[0..n)) has no such mutex. */
AugurAfterDestroy *augur_after_destroy_new (const AugurSchedMisuse *misuse, guint n_misuse,
                                            const AugurSchedStep *steps, guint n);
void augur_after_destroy_free (AugurAfterDestroy *a);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurAfterDestroy, augur_after_destroy_free)

/* Is the data race of steps[i] and steps[j] one that a destroyed mutex
 * of @a let happen: did both threads make a failed call on it before the
 * later step?  @a may be NULL: no. */
gboolean augur_after_destroy_explains (const AugurAfterDestroy *a, const AugurSchedStep *steps,
                                       guint i, guint j);

G_END_DECLS

#endif /* AUGUR_AFTER_DESTROY_H */
