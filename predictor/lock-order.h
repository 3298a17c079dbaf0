/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * lock-order.h — the lock-order inversions of a recorded run
 * (common/lock-graph.h), reported whether or not a schedule of the run
 * deadlocks on them.
 *
 * The deadlock queries (predict.h) ask Z3 for a reordering of the run in
 * which two threads each hold one lock and wait for the other's; when the
 * run's data flow or a gate lock rules every such reordering out, they
 * answer unsat and nothing was reported, while TSan and Helgrind warn
 * about the inconsistent order.  Every nested acquisition of the run (not
 * a trylock) is an edge of the lock-order graph here, and each inversion
 * a lock-order-inversion finding: a warning (a note under a gate lock),
 * whose explanation says what Z3 answered for its two locks.  It is not a
 * prediction (nothing to confirm); `augur check` makes it a part of the
 * deadlock when confirmation or exploration realises one.
 */
#ifndef AUGUR_PRED_LOCK_ORDER_H
#define AUGUR_PRED_LOCK_ORDER_H

#include <glib.h>

#include "common/results.h"
#include "common/symbolizer.h"
#include "predictor/model.h"

G_BEGIN_DECLS

/* Adds the inversions of @m's run to @out.  @feasible: the lock pairs
 * ("a\x1fb", names sorted) whose deadlock query was sat or undecided.
 * Returns how many were added. */
guint augur_pred_lock_order (const AugurPredModel *m, AugurSymbolizer *sym, GHashTable *feasible,
                             AugurResults *out);

/* The @feasible key of two lock names. */
char *augur_pred_lock_order_pair_key (const char *a, const char *b);

G_END_DECLS

#endif /* AUGUR_PRED_LOCK_ORDER_H */
