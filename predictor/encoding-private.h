/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * encoding-private.h — what encoding.c and encoding-third.c share: the
 * encoder, the state of one query under construction and its small
 * helpers (variables, orders, threads and windows).
 */
#ifndef AUGUR_PRED_ENCODING_PRIVATE_H
#define AUGUR_PRED_ENCODING_PRIVATE_H

#include <z3.h>

#include "predictor/encoding.h"
#include "predictor/order-graph.h"

G_BEGIN_DECLS

struct _AugurEncoder {
  const AugurPredModel *m;   /* borrowed */
  Z3_context ctx;            /* owned */
  Z3_solver  solver;         /* owned ref */
  Z3_sort    int_sort;
  AugurOrderGraph *orders;   /* the unconditional orders of the check under way */
  guint      n_orders_only;  /* checks the orders alone decided */
  guint      n_delayed;      /* races too large to encode, found by delaying a thread */
  guint      n_too_large;    /* checks too large to encode, not answered */
  gint       abandoned;      /* atomic: its thread was given up while Z3 checked (the
                              * model may be gone): the check answers unknown at once */
};

/* ---- building one query ---- */

typedef struct {
  AugurEncoder *e;
  const AugurPredModel *m;
  const AugurEncQuery *q;
  guint   t[2];
  guint32 s[2];          /* first tidx of each window */
  guint32 end[2];        /* last tidx (inclusive); end < s: empty */
  GArray *kept[2];       /* guint32 global indices of the encoded events */
  GHashTable *local;     /* global+1 -> variable index+1 */
  GArray *vars;          /* Z3_ast (referenced), one per variable */
  GArray *var_event;     /* guint32 global index of each variable */
  GHashTable *writes;    /* var id+1 -> GArray of global indices of window writes */
  gboolean reject;
  gboolean unsat;        /* found infeasible while encoding */
  guint n_asserts;
  guint n_or;            /* disjunctions asserted: without any, the orders decide */
  GArray *cs[2];         /* AugurPredCS: each side's critical sections in its window
                          * (acq/rel NONE: open at its start/end) */
  GHashTable *cs_locks[2]; /* lock id+1 of each side's sections */
  gboolean third;         /* encode the third threads the schedule runs (third_threads) */
  gboolean third_over;    /* ... given up: more than MAX_THIRD_VARS of them */
  gboolean past_end;      /* ... rejected: one needs a window's thread past its window
                           * (a section of it on the lock that came first) */
  GHashTable *third_locks; /* lock id+1 of third threads' sections in the windows' span */
  GHashTable *relevant;  /* var id+1 of the variables the windows' orders depend on */
  gint64 deadline;       /* monotonic us: the check's timeout, for its encoding too */
  gboolean out_of_time;  /* the encoding went past it: the answer is unknown */
} Enc;

/* Constraints of one check at most: data flow is quadratic in a window's
 * reads and writes of one variable (a ring buffer's window of 20,000
 * events made 24 GB of them); a larger check is rejected, as a larger
 * window is. */
#define MAX_ASSERTS 2000000u

/* FALSE (and the check given up) once the encoding has made too many
 * constraints or gone past the check's timeout, which the solver's own
 * timeout does not cover. */
static inline gboolean
within_limits (Enc *x)
{
  if (x->n_asserts > MAX_ASSERTS)
    x->reject = TRUE;
  else if (g_get_monotonic_time () >= x->deadline)
    x->out_of_time = TRUE;
  return !x->reject && !x->out_of_time;
}

/* The number of event g's order variable (it must have one). */
static inline guint32
index_of (Enc *x, guint32 g)
{
  gpointer v = g_hash_table_lookup (x->local, GUINT_TO_POINTER (g + 1));
  g_assert (v != NULL);
  return GPOINTER_TO_UINT (v) - 1;
}

static inline Z3_ast
var_of (Enc *x, guint32 g)
{
  return g_array_index (x->vars, Z3_ast, index_of (x, g));
}

static inline gboolean
has_var (Enc *x, guint32 g)
{
  return g_hash_table_contains (x->local, GUINT_TO_POINTER (g + 1));
}

static inline Z3_ast
new_var (Enc *x, guint32 g)
{
  Z3_context ctx = x->e->ctx;
  guint i = x->vars->len;
  Z3_ast v = Z3_mk_const (ctx, Z3_mk_int_symbol (ctx, (int) i), x->e->int_sort);
  Z3_inc_ref (ctx, v);
  g_array_append_val (x->vars, v);
  g_array_append_val (x->var_event, g);
  g_hash_table_insert (x->local, GUINT_TO_POINTER (g + 1), GUINT_TO_POINTER (i + 1));
  return v;
}

static inline Z3_ast
mk_lt (Enc *x, Z3_ast a, Z3_ast b)
{
  Z3_ast r = Z3_mk_lt (x->e->ctx, a, b);
  Z3_inc_ref (x->e->ctx, r);
  return r;
}

static inline void
assert_ast (Enc *x, Z3_ast a)
{
  Z3_solver_assert (x->e->ctx, x->e->solver, a);
  Z3_dec_ref (x->e->ctx, a);
  x->n_asserts++;
}

/* O(a) < O(b), also an edge of the order graph */
static inline void
assert_lt (Enc *x, guint32 a, guint32 b)
{
  guint32 ia = index_of (x, a), ib = index_of (x, b);
  assert_ast (x, mk_lt (x, g_array_index (x->vars, Z3_ast, ia), g_array_index (x->vars, Z3_ast, ib)));
  augur_order_graph_add (x->e->orders, ia, ib);
}

/* O(a) < O(b) or O(c) < O(d) */
static inline void
assert_or_lt (Enc *x, guint32 a, guint32 b, guint32 c, guint32 d)
{
  Z3_context ctx = x->e->ctx;
  Z3_ast args[2] = { mk_lt (x, var_of (x, a), var_of (x, b)), mk_lt (x, var_of (x, c), var_of (x, d)) };
  Z3_ast o = Z3_mk_or (ctx, 2, args);
  Z3_inc_ref (ctx, o);
  Z3_dec_ref (ctx, args[0]);
  Z3_dec_ref (ctx, args[1]);
  assert_ast (x, o);
  x->n_or++;
}

static inline guint
thread_of (Enc *x, guint32 g)
{
  return augur_pred_thread_of (x->m, g);
}

/* Which side (0, 1) a thread is, or -1 for a third thread. */
static inline gint
side_of (Enc *x, guint t)
{
  return t == x->t[0] ? 0 : t == x->t[1] ? 1 : -1;
}

/* Index in kept[side] of the first encoded event with tidx >= k, or -1. */
static inline gint
kept_at_or_after (Enc *x, guint side, guint32 k)
{
  GArray *kp = x->kept[side];
  guint a = 0, b = kp->len;
  while (a < b)
    {
      guint mid = (a + b) / 2;
      if (x->m->tidx[g_array_index (kp, guint32, mid)] < k)
        a = mid + 1;
      else
        b = mid;
    }
  return a < kp->len ? (gint) a : -1;
}

static inline gboolean
is_exempt (Enc *x, guint32 g)
{
  for (guint i = 0; i < x->q->n_exempt; i++)
    if (x->q->exempt[i] == g)
      return TRUE;
  return FALSE;
}

/* encoding-third.c: the third threads a schedule runs */
G_GNUC_INTERNAL gboolean augur_enc_third_event (Enc *x, guint32 w);
G_GNUC_INTERNAL void augur_enc_third_locks (Enc *x);
G_GNUC_INTERNAL void augur_enc_third_threads (Enc *x);
G_GNUC_INTERNAL gboolean augur_enc_schedule_consistent (Enc *x, GArray *schedule);

G_END_DECLS

#endif /* AUGUR_PRED_ENCODING_PRIVATE_H */
