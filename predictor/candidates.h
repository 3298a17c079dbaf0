/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * candidates.h — the candidate witnesses of the prediction queries, found
 * without Z3 and grouped by their source-location pattern.
 *
 * A query (predict.h) is asked per shared variable and pair of threads
 * (per pattern of patterns.h for atomicity), or per pair of threads and
 * pair of locks taken in opposite orders.  Its candidates are the
 * dynamic instances that may witness it: for atomicity a local pair (a, c)
 * of one synchronisation epoch (or of two that only a lock's release
 * separates, a holding it and c not) with a remote access b that can fall
 * between them (McPatom, section 4: the local accesses and the remote ones
 * not ordered with them), nearest first, at most three remote accesses per
 * split; for a race two accesses of the two threads that no happens-before
 * orders and no common lock protects; for a deadlock two nested
 * acquisitions in opposite orders that no happens-before orders.
 *
 * Real programs repeat the same code on many variables and in many
 * threads: a thread pool's test of 527,000 events made millions of
 * queries, nearly all of them instances of a handful of source lines.  So
 * the candidates are grouped by their source pattern — kind, McPatom
 * pattern, and the source lines (with access kinds) of the accesses: the
 * key under which a prediction is reported — and Z3 is asked per source
 * pattern, instance after instance (the one that ends earliest in the run
 * and the one with the smallest window, alternately), until one is
 * feasible or the
 * pattern's checks are spent (predict.c).  Every distinct source pattern
 * is kept; the instances not asked are counted.
 *
 * Two exact prunings come before: a (variable, thread pair) whose every
 * access on both sides holds one common lock (in conflicting modes) has no
 * candidate at all (a lockset test, as Eraser's), and the static facts may
 * rule out a query (static-filter.h).
 */
#ifndef AUGUR_PRED_CANDIDATES_H
#define AUGUR_PRED_CANDIDATES_H

#include <glib.h>

#include "common/symbolizer.h"
#include "predictor/encoding.h"
#include "predictor/model.h"
#include "predictor/patterns.h"
#include "predictor/predict.h"
#include "predictor/static-filter.h"

G_BEGIN_DECLS

typedef enum { AUGUR_CAND_ATOMICITY, AUGUR_CAND_RACE, AUGUR_CAND_DEADLOCK } AugurCandKind;

/* One dynamic instance: the query it belongs to and its Z3 check. */
typedef struct {
  AugurCandKind kind;
  guint32 obj, obj2;      /* variable, or the two locks */
  guint t1, t2;           /* atomicity: t1 local, t2 remote */
  AugurPattern pattern;
  AugurEncQuery q;
  guint32 bug[4];         /* global indices: a b c / x y / p1 q1 p2 q2 */
  guint n_bug;
  guint32 end;            /* the global index of its last access: the schedule replays the
                           * recorded run up to about there */
  guint32 window;         /* end - q.lo: the extent of its window */
  guint64 seq;            /* its rank among its pattern's instances, in the order found */
} AugurCandidate;

/* The candidates of one source pattern. */
typedef struct {
  char *key;              /* kind, McPatom pattern, source lines and access kinds (and a
                           * deadlock's lock pair) */
  char *report_key;       /* the same without the lock pair: the key of a prediction */
  GArray *cands;          /* AugurCandidate, in the order to ask them (earliest end and
                           * smallest window alternately), at most 4 x max_checks */
  guint64 n_instances;    /* candidates of this pattern found (kept or not) */
} AugurCandPattern;

typedef struct {
  GPtrArray *patterns;    /* AugurCandPattern*, in the order of their first candidate */
  guint64 n_candidates;   /* every candidate found */
  guint n_queries;        /* queries enumerated */
  guint n_skipped;        /* queries the static facts made unnecessary */
  guint n_lockset;        /* queries a common lock rules out */
  gboolean left;          /* the enumeration stopped at its deadline: queries left */
  guint n_left;           /* queries not enumerated */
} AugurCandSet;

/* Queries one prediction may enumerate past the exact prunings: past the
 * larger of AUGUR_CAND_MAX_QUERIES and AUGUR_CAND_QUERIES_PER_EVENT per
 * event of the model, the trace is declined as too large.  A query costs
 * about the accesses of its variable by its two threads: a thread pool
 * whose jobs are allocated, filled and freed makes a dozen queries per job
 * on fresh memory (10^6 shared variables in 10^7 events), each on a
 * handful of accesses, while thousands of threads on one unprotected
 * counter make hundreds of millions on a few thousand events. */
#define AUGUR_CAND_MAX_QUERIES 1000000u
#define AUGUR_CAND_QUERIES_PER_EVENT 16u

/* Enumerates the candidates of every query `o` asks for.  `deadline`
 * (monotonic us, 0: none) stops it; the queries not reached are counted
 * (n_left).  NULL (error set, AUGUR_PREDICT_ERROR_TOO_LARGE) past
 * the bound on queries above. */
AugurCandSet *augur_cand_set_new (const AugurPredModel *m, AugurSymbolizer *symbolizer,
                                  const AugurPredictOptions *o, AugurStaticFilter *filter,
                                  gint64 deadline, GError **error);
void augur_cand_set_free (AugurCandSet *set);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurCandSet, augur_cand_set_free)

G_END_DECLS

#endif /* AUGUR_PRED_CANDIDATES_H */
