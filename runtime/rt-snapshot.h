/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-snapshot.h — the execution server's memory: taken once when the
 * server starts (the state a forked child would start from), put back
 * after every execution (rt-snapshot.c).
 */
#ifndef AUGUR_RT_SNAPSHOT_H
#define AUGUR_RT_SNAPSHOT_H

#include "runtime/rt-internal.h"

/* Records every private writable mapping except the stack we run on and
 * the `n` ranges given (which live on across executions), the program
 * break, the signal dispositions, the open descriptors and argv.  False if
 * the process's layout cannot be read. */
bool rt_snapshot_take (const void *const *keep_lo, const size_t *keep_size, unsigned n,
                       int argc, char **argv);
/* Puts all of it back.  Returns the number of pages that had changed. */
size_t rt_snapshot_restore (void);
/* A signal disposition changed in this execution (sigaction, signal). */
void rt_snapshot_signals_dirty (void);

#endif /* AUGUR_RT_SNAPSHOT_H */
