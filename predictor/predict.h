/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * predict.h — the predictor as a library: from one recorded trace, the
 * orderings that would break atomicity, race or deadlock, each with the
 * schedule that reaches it.
 *
 * The candidates (see doc/predictor.md and candidates.h) are enumerated
 * per shared variable and thread pair (per McPatom pattern for atomicity),
 * and per thread pair and pair of locks taken in opposite nesting orders
 * (deadlocks), then grouped by source pattern: a query is one source
 * pattern.  It tries its instances, earliest first, each as one Z3
 * check (encoding.h), until one is feasible or max_checks are spent; it
 * answers sat (a prediction with a schedule), unsat (none), or unknown
 * (Z3 gave no answer in time: reported as a prediction without schedule,
 * never dropped).  The instances not asked are counted: deduplicated (the
 * pattern was answered) or bounded (its checks were spent, reported as the
 * bound "checks-per-query").  Queries run in parallel, one Z3 context per
 * worker thread.
 *
 * Predictions are written to the results as findings carrying a
 * "prediction" member (pattern, solver answer): they are NOT confirmed bugs.
 * The run's lock-order inversions are written too, as lock-order-inversion
 * findings without that member, whatever the deadlock queries answered
 * (predictor/lock-order.h).
 */
#ifndef AUGUR_PREDICT_H
#define AUGUR_PREDICT_H

#include <glib.h>

#include "common/results.h"
#include "common/symbolizer.h"
#include "common/trace.h"
#include "predictor/encoding.h"
#include "static/static-facts.h"

G_BEGIN_DECLS

typedef struct {
  gboolean atomicity;          /* default TRUE */
  gboolean races;              /* default TRUE */
  gboolean deadlocks;          /* default TRUE */
  guint    timeout_ms;         /* per query, default 10000 */
  guint    max_checks;         /* Z3 checks per query (source pattern), default 32 */
  guint    max_window;         /* encoded events per check, default 20000 */
  guint    n_workers;          /* 0: one per processor */
  guint    max_schedule_steps; /* longer schedules are cut, default 200000 */
  gboolean data_flow;          /* default TRUE; FALSE is McPatom's model (no data flow) */
  AugurStaticFacts *facts;     /* borrowed; NULL (default): nothing is ruled out.  With
                                * facts, no query is made on accesses that can never
                                * conflict, and no prediction they rule out is kept
                                * (predictor/static-filter.h) */
  gint64   deadline;           /* g_get_monotonic_time () after which no query is started
                                * or goes on (its enumeration and its Z3 checks stop
                                * there); 0 (default): none.  The model takes at most
                                * half the time (then it models the prefix of the run
                                * read by then), the candidates a quarter of the rest.
                                * What it cuts is counted (AugurPredictStats.n_left,
                                * n_unlisted, model_cut),
                                * never reported as predictions; "predictor-time" is
                                * then a bound hit of the results */
} AugurPredictOptions;

void augur_predict_options_init (AugurPredictOptions *options);

/* TRUE while a Z3 check given up past its deadline still runs on its
 * thread: the process must then end with _exit, not run Z3's static
 * destructors under it. */
gboolean augur_predict_busy (void);

typedef struct {
  guint   n_queries;           /* source patterns asked (at least one Z3 check) */
  guint   n_checks;            /* Z3 checks made */
  guint   n_orders_only;       /* of them, decided by the unconditional orders alone
                                * (order-graph.h), without asking Z3 */
  guint   n_delayed;           /* of them, windows too large to encode: races found by
                                * delaying one thread (delay.h) ... */
  guint   n_too_large;         /* ... and checks left unanswered */
  guint   n_abandoned;         /* checks Z3 did not stop when interrupted past their
                                * deadline: given up, their queries left */
  guint   n_sat, n_unknown;    /* query answers */
  double  median_query_ms;     /* over the queries that called Z3 */
  double  model_s;             /* building the model */
  double  candidates_s;        /* finding the candidates */
  double  solve_s;             /* running the queries (wall clock) */
  double  findings_s;          /* turning the answers into findings */
  guint   n_events, n_threads, n_shared;
  guint   n_locks, n_conds;     /* locks acquired, condition variables used */
  guint   n_skipped;           /* queries the static facts made unnecessary */
  guint   n_lockset;           /* queries a lock common to every access ruled out */
  guint   n_ruled_out;         /* predictions the static facts ruled out */
  guint   n_left;              /* source patterns left unasked or unfinished at the
                                * deadline */
  guint   n_unlisted;          /* (variable, thread pair, pattern) queries whose
                                * candidates the deadline kept from being listed, all
                                * or in part */
  guint64 n_candidates;        /* candidate instances found (candidates.h) */
  guint   n_patterns;          /* their distinct source patterns */
  guint64 n_deduplicated;      /* instances not asked: their pattern was answered */
  guint64 n_bounded;           /* instances not asked: their pattern's checks were spent
                                * without an answer (bound "checks-per-query") */
  guint64 n_unasked_left;      /* instances of the queries left */
  gboolean model_cut;          /* the model took its share of the deadline: it is the
                                * model of a prefix of the run (n_events) */
} AugurPredictStats;

/* Predicts from `trace` and adds the predictions to `out` (findings with
 * a prediction member; command/duration are the caller's).  `symbolizer`
 * may be NULL (one is made for the trace).  `stats` may be NULL.
 * FALSE with AUGUR_PREDICT_ERROR_Z3 when Z3 fails. */
gboolean augur_predict (const AugurTrace *trace, AugurSymbolizer *symbolizer,
                        const AugurPredictOptions *options, AugurResults *out,
                        AugurPredictStats *stats, GError **error);

/* One line per prediction, sorted (what `augur predict` prints):
 *   atomicity-violation R-W-R log_buf T1 T2: T1 read prog.c:36, T2 write prog.c:40, T1 read prog.c:38
 */
char *augur_predict_finding_to_line (AugurFinding *finding);

G_END_DECLS

#endif /* AUGUR_PREDICT_H */
