/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * memcheck.h — uses of freed memory in a finished execution.
 *
 * Under the explorer a free() is a step that writes the whole block
 * (AUGUR_SXF_FREE, runtime/rt-sched-sync.c), so DPOR explores the block's
 * uses on both sides of it; allocations are in the page's object log.
 * An access to a block after its free and before an allocation that hands
 * the memory out again is a use after free, whether or not it crashes; so
 * is a lock, unlock, condition or semaphore operation on an object in it
 * (the DPOR core makes an unlock touch its mutex, so that a free of the
 * struct holding it races with a thread still inside the unlock).
 * (In the execution server a freed block is not reused until the
 * execution ends, unless it was the last one allocated.)
 *
 * A thread's stack on a fiber dies with its exit step (THREAD_EXIT in the
 * object log): a later access to it by another thread, through a pointer
 * to a local the thread published, is reported the same way, with the
 * exit step as the free.  The exit step does not write the stack (it is
 * independent of those accesses for DPOR), so the use is found in the
 * orders explored for other reasons: after a join, or where a
 * synchronisation orders it after the exit.
 */
#ifndef AUGUR_MEMCHECK_H
#define AUGUR_MEMCHECK_H

#include <glib.h>

#include "common/augur-sched-format.h"

G_BEGIN_DECLS

/* steps[use] accesses memory freed by steps[free_step] (free_step < use). */
typedef void (*AugurMemcheckFunc) (const AugurSchedStep *steps, guint n, guint free_step, guint use,
                                   gpointer user_data);

/* Calls @func for the first use after each free in steps[0..n), with the
 * allocations of @objects (the page's object log, in step order). */
void augur_memcheck_execution (const AugurSchedStep *steps, guint n,
                               const AugurSchedObjectEvent *objects, guint n_objects,
                               AugurMemcheckFunc func, gpointer user_data);

G_END_DECLS

#endif /* AUGUR_MEMCHECK_H */
