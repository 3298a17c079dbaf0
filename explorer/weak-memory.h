/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * weak-memory.h — whether an execution has the shape of store buffering,
 * the weak-memory outcome the explorer does not run.
 *
 * The explorer runs interleavings: sequential consistency.  A program
 * whose atomics are weaker than seq_cst can also end in outcomes no
 * interleaving gives; on x86-64 (TSO) the one that matters is store
 * buffering: a thread's store sits in its buffer while its later load of
 * another location reads memory, so two threads that each store one
 * location and then load the other can both see the old values (Dekker's
 * handshake without its fence).  The shape, in one execution: thread t
 * makes an atomic store of x that is not seq_cst, then an atomic load of
 * y that is not seq_cst, with no full barrier between (an atomic
 * read-modify-write, a seq_cst store, a seq_cst fence, any
 * synchronisation call), and another thread does the same with y and x.
 * Plain accesses are left out: a race on them is a finding already.
 * Exploration that met this shape is complete for sequential consistency
 * only, and says so (explore.c).
 */
#ifndef AUGUR_WEAK_MEMORY_H
#define AUGUR_WEAK_MEMORY_H

#include <glib.h>

#include "common/augur-sched-format.h"

G_BEGIN_DECLS

/* TRUE when steps[0..n) have the shape; then *store and *load are the
 * steps of the first thread's store and load.  @fences (guint64, sorted;
 * may be NULL): addresses in module 0 of full fences the runtime does
 * not see (inline assembly): a store and a load of module 0 with one
 * between their addresses are taken as fenced (straight-line code, as a
 * handshake's is). */
gboolean augur_weak_store_buffering (const AugurSchedStep *steps, guint n, const GArray *fences,
                                     guint *store, guint *load);

G_END_DECLS

#endif /* AUGUR_WEAK_MEMORY_H */
