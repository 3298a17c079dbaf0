/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * encoding.h — one prediction query in Z3: is there an ordering of the
 * model's events, consistent with it, that reaches a goal?
 *
 * The encoding (integer order variables, difference logic):
 *   - A window of the two threads of the query: thread t1's events from the
 *     first one at or after the global index `lo` to end1, and t2's from lo
 *     to end2.  Everything before lo runs as observed (a consistent cut of
 *     the recorded run), so it is fixed and not encoded.  Only the events
 *     that matter get a variable: synchronisation and shared accesses.
 *   - Program order; happens-before between the two threads through any
 *     thread (from the vector clocks); every event of the window comes
 *     before the goal's last event.
 *   - Lock mutual exclusion between the critical sections of t1 and t2:
 *     rel1 < acq2 or rel2 < acq1; a section still open at the end of its
 *     thread's window is open forever, one open at lo began before
 *     everything.
 *   - Data flow (the maximal causal model idea): every read of the window
 *     other than the goal's own reads reads from the write it read in the
 *     recorded run: that write comes before it and no other write to the
 *     variable comes between.  A writer from a third thread gets a variable
 *     of its own with its happens-before edges to the two threads.
 *   - The goal: some events in a given order (a < b < c for atomicity), or
 *     two events last and adjacent (a data race), or nothing more (a
 *     deadlock: the windows end just before the two blocked acquisitions).
 * Each query runs inside push/pop with a timeout; an answer Z3 cannot give
 * is AUGUR_ENC_UNKNOWN.  Z3 appears in this file only.
 */
#ifndef AUGUR_PRED_ENCODING_H
#define AUGUR_PRED_ENCODING_H

#include <glib.h>

#include "predictor/model.h"
#include "predictor/predict-error.h"

G_BEGIN_DECLS

typedef enum {
  AUGUR_ENC_SAT,        /* feasible: the schedule is set */
  AUGUR_ENC_UNSAT,      /* infeasible */
  AUGUR_ENC_UNKNOWN,    /* Z3 gave no answer (timeout) */
  AUGUR_ENC_REJECTED,   /* infeasible before asking Z3, or the window is too large */
} AugurEncAnswer;

typedef enum {
  AUGUR_ENC_GOAL_ORDER,     /* before[i] < after[i] for every pair */
  AUGUR_ENC_GOAL_ADJACENT,  /* the last events of both windows come last */
  AUGUR_ENC_GOAL_DEADLOCK,  /* both windows simply run to their ends */
} AugurEncGoal;

typedef struct {
  guint   t1, t2;
  guint32 lo;            /* global index: the window starts here */
  guint32 end1, end2;    /* tidx of each thread's last event (inclusive) */
  gboolean extend2;      /* t2 may run past end2 to feed t1's reads */
  AugurEncGoal goal;
  guint32 before[2], after[2];   /* global indices (GOAL_ORDER) */
  guint   n_order;
  guint32 exempt[3];     /* reads free to read from another write */
  guint   n_exempt;
  guint   max_window;    /* most encoded events; more is REJECTED */
  gboolean no_data_flow; /* McPatom's model: reads may read from any write */
} AugurEncQuery;

typedef struct _AugurEncoder AugurEncoder;

/* One Z3 context: create one per worker thread.  `m` is borrowed. */
AugurEncoder *augur_encoder_new (const AugurPredModel *m, GError **error);
void augur_encoder_free (AugurEncoder *e);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurEncoder, augur_encoder_free)

/* Stops the check running in `e`, from another thread (Z3_interrupt): Z3
 * does not always keep to a check's timeout.  The check then answers
 * unknown. */
void augur_encoder_interrupt (AugurEncoder *e);
/* The same, for a check that did not stop when interrupted: its thread
 * is given up, and once Z3 returns the check answers unknown without
 * touching the model, which may be freed by then. */
void augur_encoder_abandon (AugurEncoder *e);

/* How many checks of `e` the unconditional orders decided without Z3
 * (order-graph.h): a cycle among them, or no disjunction at all. */
guint augur_encoder_n_orders_only (const AugurEncoder *e);
/* How many checks of `e` had windows too large to encode: races found by
 * delaying one thread (delay.h), and checks left unanswered. */
void augur_encoder_n_large (const AugurEncoder *e, guint *delayed, guint *too_large);

/* On SAT, `schedule` (guint32 global indices) receives the predicted order
 * of the events from lo on: the two threads' windows and the events of
 * other threads they need; the events before lo run first, as recorded.
 * FALSE (error set) only when Z3 itself fails. */
gboolean augur_encoder_check (AugurEncoder *e, const AugurEncQuery *q, guint timeout_ms,
                              AugurEncAnswer *answer, GArray *schedule, GError **error);

G_END_DECLS

#endif /* AUGUR_PRED_ENCODING_H */
