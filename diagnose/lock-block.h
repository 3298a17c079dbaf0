/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * lock-block.h — a lock repair's region must not hold the new mutex
 * across a blocking wait of its own thread.
 *
 * A thread that waits (pthread_cond_wait/timedwait, sem_wait,
 * pthread_barrier_wait, pthread_join) inside a region of the new mutex
 * waits for another thread while holding it; when the thread it waits for
 * must first enter another region of the same mutex, neither goes on, and
 * because the regions are the code the failing schedules run, that is
 * most runs.  Such a region is found without running the patched
 * program, two ways:
 *   - the traces: a wait step of any thread of a class's execution at a
 *     line of the region, or in a function the region calls, between two
 *     of that thread's steps in the region (the thread was inside it);
 *   - the source: a call of one of those functions on the region's lines
 *     (a wait the failing executions did not reach, e.g. a while loop
 *     whose condition was false then).
 */
#ifndef AUGUR_DIAGNOSE_LOCK_BLOCK_H
#define AUGUR_DIAGNOSE_LOCK_BLOCK_H

#include <glib.h>

G_BEGIN_DECLS

/* What blocks in lines @lo..@hi (1-based, inclusive) of @function in
 * @source (@lines: the file's lines, @n of them) for @classes
 * (AugurDiagClass): "pthread_cond_wait at kthread.c:141, where main
 * waited", or NULL when nothing does.  Newly allocated. */
char *augur_diag_region_blocking (GPtrArray *classes, const char *source, const char *function,
                                  guint lo, guint hi, char *const *lines, guint n);

G_END_DECLS

#endif /* AUGUR_DIAGNOSE_LOCK_BLOCK_H */
