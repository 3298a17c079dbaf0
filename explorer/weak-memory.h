/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * weak-memory.h — whether an execution has the shape of store buffering
 * or of message passing, weak-memory outcomes the explorer does not run.
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
 *
 * Message passing: thread a stores x then y (atomic writes, no call
 * between), thread b loads y, reading a's store, then x (atomic loads, no
 * call between).  C11 lets b see y's new value and x's old one (and ARM
 * and POWER do, and any compiler may reorder) unless a's store of y
 * releases (a release store or read-modify-write, a release fence between
 * the two stores, or a release store of y between that the store
 * continues, 7.17.3) and b's load of y acquires (an acquire load, an
 * acquire fence between the two loads); seq_cst accesses and fences are
 * both.  A release of a after its store of x together with an acquire of
 * b between its loads, and a synchronisation call between either pair,
 * are taken as ordering them (not followed: a chain may be missed, no
 * outcome is claimed that cannot happen).
 *
 * Exploration that met either shape is complete for sequential
 * consistency only, and says so (explore.c).
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

/* TRUE when steps[0..n) have the message-passing shape; then loads[0]
 * and loads[1] are the reader's loads of y and x, stores[0] and stores[1]
 * the writer's stores of x and y.  @fences as above, taken as full fences
 * between the two stores or the two loads. */
gboolean augur_weak_message_passing (const AugurSchedStep *steps, guint n, const GArray *fences,
                                     guint *loads, guint *stores);

G_END_DECLS

#endif /* AUGUR_WEAK_MEMORY_H */
