/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * encoding.c — the Z3 encoding of one query (encoding.h), and the merge of
 * a satisfying model into a schedule.
 */
#include "config.h"

#include <z3.h>

#include "common/augur-ops.h"

#include "predictor/encoding-private.h"
#include "predictor/delay.h"

/* Z3 reports errors through a handler with no user data: each worker has
 * its own context, so a thread-local slot is enough. */
static __thread Z3_error_code z3_last_error;
static __thread gboolean z3_failed;

static void
z3_error_handler (Z3_context ctx, Z3_error_code code)
{
  z3_failed = TRUE;
  z3_last_error = code;
}

AugurEncoder *
augur_encoder_new (const AugurPredModel *m, GError **error)
{
  Z3_config cfg = Z3_mk_config ();
  Z3_context ctx = Z3_mk_context_rc (cfg);
  Z3_del_config (cfg);
  if (ctx == NULL)
    {
      g_set_error (error, AUGUR_PREDICT_ERROR, AUGUR_PREDICT_ERROR_Z3,
                   "cannot create a Z3 context (out of memory?)");
      return NULL;
    }
  z3_failed = FALSE;
  Z3_set_error_handler (ctx, z3_error_handler);
  AugurEncoder *e = g_new0 (AugurEncoder, 1);
  e->m = m;
  e->ctx = ctx;
  e->solver = Z3_mk_solver_for_logic (ctx, Z3_mk_string_symbol (ctx, "QF_IDL"));
  Z3_solver_inc_ref (ctx, e->solver);
  e->int_sort = Z3_mk_int_sort (ctx);
  e->orders = augur_order_graph_new ();
  if (z3_failed)
    {
      g_set_error (error, AUGUR_PREDICT_ERROR, AUGUR_PREDICT_ERROR_Z3,
                   "Z3 failed to set up a solver: %s", Z3_get_error_msg (ctx, z3_last_error));
      augur_encoder_free (e);
      return NULL;
    }
  return e;
}

void
augur_encoder_free (AugurEncoder *e)
{
  if (e == NULL)
    return;
  Z3_solver_dec_ref (e->ctx, e->solver);
  Z3_del_context (e->ctx);
  augur_order_graph_free (e->orders);
  g_free (e);
}

void
augur_encoder_interrupt (AugurEncoder *e)
{
  Z3_interrupt (e->ctx);
}

void
augur_encoder_abandon (AugurEncoder *e)
{
  g_atomic_int_set (&e->abandoned, 1);
  Z3_interrupt (e->ctx);
}

guint
augur_encoder_n_orders_only (const AugurEncoder *e)
{
  return e->n_orders_only;
}

void
augur_encoder_n_large (const AugurEncoder *e, guint *delayed, guint *too_large)
{
  *delayed = e->n_delayed;
  *too_large = e->n_too_large;
}

/* Sets the windows' ends so that every read of t1 finds its writer of t2
 * inside t2's window (when t2 may be extended) and happens-before never
 * points past a window's end.  Rejects what cannot be fixed. */
static void
settle_windows (Enc *x)
{
  const AugurPredModel *m = x->m;
  for (guint round = 0; round < 64; round++)
    {
      gboolean changed = FALSE;
      for (guint side = 0; side < 2; side++)
        {
          guint t = x->t[side], o = x->t[1 - side];
          for (guint32 i = x->s[side]; i <= x->end[side] && x->end[side] != AUGUR_PRED_NONE; i++)
            {
              guint32 g = augur_pred_model_event (m, t, i);
              guint32 need = AUGUR_PRED_NONE;   /* tidx of o that must be in its window */
              guint32 k = augur_pred_model_vc (m, g, o);
              if (k > 0)
                need = k - 1;
              guint32 w = x->q->no_data_flow ? AUGUR_PRED_NONE : m->writer[g];
              if (w != AUGUR_PRED_NONE && w >= x->q->lo && (m->acc[g] & AUGUR_ACC_READ)
                  && thread_of (x, w) == o && !is_exempt (x, g)
                  && (need == AUGUR_PRED_NONE || m->tidx[w] > need))
                need = m->tidx[w];
              if (need == AUGUR_PRED_NONE || need < x->s[1 - side])
                continue;
              if (x->end[1 - side] != AUGUR_PRED_NONE && need <= x->end[1 - side]
                  && x->end[1 - side] >= x->s[1 - side])
                continue;
              if (side == 0 && x->q->extend2)
                {
                  x->end[1] = need;
                  changed = TRUE;
                }
              else
                {
                  x->reject = TRUE;
                  return;
                }
            }
        }
      if (!changed)
        return;
    }
  x->reject = TRUE;
}

static void
encode_data_flow (Enc *x)
{
  const AugurPredModel *m = x->m;
  for (guint side = 0; side < 2; side++)
    for (guint i = 0; i < x->kept[side]->len; i++)
      {
        guint32 r = g_array_index (x->kept[side], guint32, i);
        if (!(m->acc[r] & AUGUR_ACC_READ) || is_exempt (x, r))
          continue;
        if (!within_limits (x))
          return;
        GArray *ws = g_hash_table_lookup (x->writes, GUINT_TO_POINTER (m->obj[r] + 1));
        guint32 w = m->writer[r];
        guint tr = thread_of (x, r);
        if (w == AUGUR_PRED_NONE || w < x->q->lo)
          {
            /* The value came from before the window: no window write first. */
            for (guint j = 0; ws != NULL && j < ws->len; j++)
              {
                guint32 w2 = g_array_index (ws, guint32, j);
                if (w2 == r || (thread_of (x, w2) == tr && w2 > r))
                  continue;
                assert_lt (x, r, w2);
              }
            continue;
          }
        gint ws_side = side_of (x, thread_of (x, w));
        if (ws_side < 0)
          {
            if (!augur_enc_third_event (x, w))
              {
                x->reject = TRUE;
                return;
              }
          }
        else if (!has_var (x, w))
          {
            x->reject = TRUE;  /* settle_windows let it out: cannot keep this read */
            return;
          }
        if (thread_of (x, w) != tr)
          assert_lt (x, w, r);
        for (guint j = 0; ws != NULL && j < ws->len; j++)
          {
            guint32 w2 = g_array_index (ws, guint32, j);
            if (w2 == w || w2 == r)
              continue;
            guint t2 = thread_of (x, w2);
            if (t2 == tr && thread_of (x, w) == tr)
              continue;   /* program order decides */
            if (t2 == tr && w2 > r)
              continue;   /* after the read in its own thread */
            assert_or_lt (x, w2, w, r, w2);
          }
      }
}

/* Each side's critical sections that overlap its window, and their locks. */
static void
window_sections (Enc *x)
{
  const AugurPredModel *m = x->m;
  for (guint side = 0; side < 2; side++)
    {
      x->cs[side] = g_array_new (FALSE, FALSE, sizeof (AugurPredCS));
      x->cs_locks[side] = g_hash_table_new (NULL, NULL);
      if (x->end[side] == AUGUR_PRED_NONE || x->end[side] < x->s[side])
        continue;
      guint32 gend = augur_pred_model_event (m, x->t[side], x->end[side]);
      GArray *all = m->threads[x->t[side]].cs;
      for (guint i = 0; i < all->len; i++)
        {
          AugurPredCS c = g_array_index (all, AugurPredCS, i);
          if (c.acq > gend)
            break;
          if (c.rel != AUGUR_PRED_NONE && c.rel < x->q->lo)
            continue;
          if (c.rel != AUGUR_PRED_NONE && c.rel > gend)
            c.rel = AUGUR_PRED_NONE;       /* open at the end of the window */
          if (c.acq < x->q->lo)
            c.acq = AUGUR_PRED_NONE;       /* open at the start */
          g_array_append_val (x->cs[side], c);
          g_hash_table_add (x->cs_locks[side], GUINT_TO_POINTER (c.lock + 1));
        }
    }
  augur_enc_third_locks (x);
}

static void
encode_locks (Enc *x)
{
  GArray **cs = x->cs;
  for (guint i = 0; i < cs[0]->len && !x->unsat && within_limits (x); i++)
    for (guint j = 0; j < cs[1]->len; j++)
      {
        AugurPredCS *a = &g_array_index (cs[0], AugurPredCS, i);
        AugurPredCS *b = &g_array_index (cs[1], AugurPredCS, j);
        if (a->lock != b->lock || (a->mode == AUGUR_LOCK_SHARED && b->mode == AUGUR_LOCK_SHARED))
          continue;
        gboolean ab = a->rel != AUGUR_PRED_NONE && b->acq != AUGUR_PRED_NONE;
        gboolean ba = b->rel != AUGUR_PRED_NONE && a->acq != AUGUR_PRED_NONE;
        if (a->acq == AUGUR_PRED_NONE && b->acq == AUGUR_PRED_NONE)
          continue;   /* cannot both be open at lo: the recorded run shows it */
        if (ab && ba)
          assert_or_lt (x, a->rel, b->acq, b->rel, a->acq);
        else if (ab)
          assert_lt (x, a->rel, b->acq);
        else if (ba)
          assert_lt (x, b->rel, a->acq);
        else
          {
            x->unsat = TRUE;
            break;
          }
      }
}

static void
encode_hb (Enc *x)
{
  const AugurPredModel *m = x->m;
  for (guint side = 0; side < 2; side++)
    {
      GArray *kp = x->kept[side];
      for (guint i = 1; i < kp->len; i++)
        assert_lt (x, g_array_index (kp, guint32, i - 1), g_array_index (kp, guint32, i));
      guint o = 1 - side;
      gint last = -1;
      for (guint i = 0; i < kp->len && x->kept[o]->len > 0; i++)
        {
          guint32 y = g_array_index (kp, guint32, i);
          guint32 k = augur_pred_model_vc (m, y, x->t[o]);
          if (k <= x->s[o])
            continue;
          gint j = kept_at_or_after (x, o, k - 1);
          if (j < 0 || j == last)
            continue;
          last = j;
          assert_lt (x, g_array_index (x->kept[o], guint32, j), y);
        }
    }
}

/* The slice of the windows: which shared variables the query's orders
 * depend on.  A variable only one side accesses in its window, whose
 * reads there all read a write of their own thread or one from before lo,
 * adds no constraint but program order (data flow relates a read to the
 * writes of other threads only): its accesses are left out of the
 * encoding and run where their thread is, as the unshared ones do.  The
 * goal's own accesses are on a variable both sides access. */
static void
slice_variables (Enc *x)
{
  const AugurPredModel *m = x->m;
  g_autoptr (GHashTable) seen0 = g_hash_table_new (NULL, NULL);
  x->relevant = g_hash_table_new (NULL, NULL);
  for (guint side = 0; side < 2; side++)
    {
      if (x->end[side] == AUGUR_PRED_NONE)
        continue;
      for (guint32 i = x->s[side]; i <= x->end[side]; i++)
        {
          guint32 g = augur_pred_model_event (m, x->t[side], i);
          if (m->acc[g] == 0 || !augur_pred_model_kept (m, g))
            continue;
          gpointer v = GUINT_TO_POINTER (m->obj[g] + 1);
          guint32 w = m->writer[g];
          if (side == 0)
            g_hash_table_add (seen0, v);
          else if (g_hash_table_contains (seen0, v))
            g_hash_table_add (x->relevant, v);
          if ((m->acc[g] & AUGUR_ACC_READ) && w != AUGUR_PRED_NONE && w >= x->q->lo
              && thread_of (x, w) != x->t[side])
            g_hash_table_add (x->relevant, v);
        }
    }
}

/* Does event g of `side` get a variable: synchronisation (a lock's
 * acquire or release only when the other side, or a third thread, has
 * sections on that lock, outside deadlock queries) or an access to a
 * variable of the slice. */
static gboolean
in_slice (Enc *x, guint side, guint32 g)
{
  const AugurPredModel *m = x->m;
  if (!augur_pred_model_kept (m, g))
    return FALSE;
  if (m->acc[g] != 0)
    return g_hash_table_contains (x->relevant, GUINT_TO_POINTER (m->obj[g] + 1));
  const AugurRecord *r = augur_trace_event (m->trace, g);
  if (x->q->goal == AUGUR_ENC_GOAL_DEADLOCK || !augur_ops_event_on_lock (r->kind)
      || augur_ops_op (augur_ops_event (r->kind)->op)->lock == AUGUR_OPS_LOCK_NONE)
    return TRUE;
  gpointer lock = GUINT_TO_POINTER (m->obj[g] + 1);
  return g_hash_table_contains (x->cs_locks[1 - side], lock)
         || g_hash_table_contains (x->third_locks, lock);
}

static void
collect (Enc *x)
{
  const AugurPredModel *m = x->m;
  slice_variables (x);
  for (guint side = 0; side < 2; side++)
    {
      x->kept[side] = g_array_new (FALSE, FALSE, sizeof (guint32));
      if (x->end[side] == AUGUR_PRED_NONE)
        continue;
      for (guint32 i = x->s[side]; i <= x->end[side]; i++)
        {
          guint32 g = augur_pred_model_event (m, x->t[side], i);
          if (!in_slice (x, side, g))
            continue;
          g_array_append_val (x->kept[side], g);
          new_var (x, g);
          if (m->acc[g] & AUGUR_ACC_WRITE)
            {
              GArray *ws = g_hash_table_lookup (x->writes, GUINT_TO_POINTER (m->obj[g] + 1));
              if (ws == NULL)
                {
                  ws = g_array_new (FALSE, FALSE, sizeof (guint32));
                  g_hash_table_insert (x->writes, GUINT_TO_POINTER (m->obj[g] + 1), ws);
                }
              g_array_append_val (ws, g);
            }
        }
    }
}

typedef struct {
  gint64 value;
  guint32 g;
} Placed;

static gint
placed_cmp (gconstpointer a, gconstpointer b)
{
  const Placed *p = a, *q = b;
  if (p->value != q->value)
    return p->value < q->value ? -1 : 1;
  return p->g < q->g ? -1 : p->g > q->g;
}

/* Emits the events of third threads from lo on that happen before an
 * event whose clock is given by `vc_of` (or that event itself). */
static void
emit_third (Enc *x, guint32 *next, guint32 target, GArray *out)
{
  const AugurPredModel *m = x->m;
  for (;;)
    {
      guint best = G_MAXUINT;
      guint32 best_g = AUGUR_PRED_NONE;
      for (guint u = 0; u < m->n_threads; u++)
        {
          if (side_of (x, u) >= 0 || next[u] >= m->threads[u].events->len)
            continue;
          if (next[u] >= augur_pred_model_vc (m, target, u))
            continue;
          guint32 g = augur_pred_model_event (m, u, next[u]);
          if (g < best_g)
            {
              best_g = g;
              best = u;
            }
        }
      if (best == G_MAXUINT)
        break;
      g_array_append_val (out, best_g);
      next[best]++;
    }
  /* A third thread left inside a critical section would hold its lock
   * while a window thread needs it (the wake of a condition wait
   * re-acquires the mutex the signaller still holds): it runs on to the
   * end of the section, as far as it needs nothing not yet emitted. */
  for (guint u = 0; u < m->n_threads; u++)
    {
      if (side_of (x, u) >= 0)
        continue;
      while (next[u] < m->threads[u].events->len)
        {
          guint32 e = augur_pred_model_event (m, u, next[u]);
          GArray *held = g_ptr_array_index (m->locksets, m->lockset[e]);
          gboolean ready = held->len > 0 && !has_var (x, e);   /* else at its place */
          for (guint v = 0; v < m->n_threads && ready; v++)
            if (v != u && augur_pred_model_vc (m, e, v) > next[v])
              ready = FALSE;
          if (!ready)
            break;
          g_array_append_val (out, e);
          next[u]++;
        }
    }
}

/* The schedule of a satisfying assignment: `value` holds each order
 * variable's value (Z3's model, or the orders' topological ranks). */
static void
build_schedule (Enc *x, const gint64 *value, GArray *out)
{
  const AugurPredModel *m = x->m;
  GArray *placed = g_array_sized_new (FALSE, FALSE, sizeof (Placed), x->vars->len);
  for (guint i = 0; i < x->vars->len; i++)
    {
      Placed p = { .value = value[i], .g = g_array_index (x->var_event, guint32, i) };
      g_array_append_val (placed, p);
    }
  g_array_sort (placed, placed_cmp);

  guint32 *next = g_new0 (guint32, m->n_threads);
  for (guint u = 0; u < m->n_threads; u++)
    next[u] = augur_pred_model_first_at (m, u, x->q->lo);
  for (guint i = 0; i < placed->len; i++)
    {
      guint32 g = g_array_index (placed, Placed, i).g;
      guint t = thread_of (x, g);
      gint side = side_of (x, t);
      emit_third (x, next, g, out);
      if (side < 0)
        continue;   /* a third thread's writer: emitted with its predecessors */
      for (; next[t] <= m->tidx[g]; next[t]++)
        {
          guint32 e = augur_pred_model_event (m, t, next[t]);
          g_array_append_val (out, e);
        }
      /* the events that follow without a variable of their own run at
       * once (no acquire among them learns a clock: they need nothing
       * more), so that nothing of a window comes between a race's two
       * last events or after the goal */
      for (; next[t] <= x->end[side]; next[t]++)
        {
          guint32 e = augur_pred_model_event (m, t, next[t]);
          if (has_var (x, e))
            break;
          g_array_append_val (out, e);
        }
    }
  /* the tails of the windows that nothing encoded (a lock request ...) */
  for (guint side = 0; side < 2; side++)
    if (x->end[side] != AUGUR_PRED_NONE)
      for (guint t = x->t[side]; next[t] <= x->end[side]; next[t]++)
        {
          guint32 e = augur_pred_model_event (m, t, next[t]);
          g_array_append_val (out, e);
        }
  g_free (next);
  g_array_unref (placed);
}

static void
writes_free (gpointer p)
{
  g_array_unref (p);
}

/* The goal's last constraints: everything of the windows before the
 * goal's end (an order), or the two last events adjacent (a race). */
static void
encode_goal (Enc *x)
{
  const AugurEncQuery *q = x->q;
  GArray *k0 = x->kept[0], *k1 = x->kept[1];
  if (q->goal == AUGUR_ENC_GOAL_DEADLOCK || k0->len == 0 || k1->len == 0)
    return;
  guint32 last0 = g_array_index (k0, guint32, k0->len - 1);
  guint32 last1 = g_array_index (k1, guint32, k1->len - 1);
  if (q->goal == AUGUR_ENC_GOAL_ORDER)
    {
      /* everything of the window before t1's last event (the goal's end) */
      if (last1 != last0)
        assert_lt (x, last1, last0);
      for (guint i = 0; i < x->var_event->len; i++)
        {
          guint32 g = g_array_index (x->var_event, guint32, i);
          if (side_of (x, thread_of (x, g)) < 0)
            assert_lt (x, g, last0);
        }
      return;
    }
  /* the two last events are adjacent: all else before both */
  if (k0->len > 1)
    assert_lt (x, g_array_index (k0, guint32, k0->len - 2), last1);
  if (k1->len > 1)
    assert_lt (x, g_array_index (k1, guint32, k1->len - 2), last0);
  for (guint i = 0; i < x->var_event->len; i++)
    {
      guint32 g = g_array_index (x->var_event, guint32, i);
      if (side_of (x, thread_of (x, g)) < 0)
        {
          assert_lt (x, g, last0);
          assert_lt (x, g, last1);
        }
    }
}

/* The windows of the two threads, settled; FALSE when the query is
 * rejected before anything is encoded (too large, or it cannot be kept). */
static gboolean
set_windows (Enc *x)
{
  const AugurEncQuery *q = x->q;
  x->end[0] = q->end1;
  x->end[1] = q->end2;
  for (guint side = 0; side < 2; side++)
    {
      x->s[side] = augur_pred_model_first_at (x->m, x->t[side], q->lo);
      if (x->end[side] != AUGUR_PRED_NONE && x->end[side] < x->s[side])
        x->end[side] = AUGUR_PRED_NONE;
    }
  settle_windows (x);
  if (x->reject)
    return FALSE;
  guint64 size = 0;
  for (guint side = 0; side < 2; side++)
    if (x->end[side] != AUGUR_PRED_NONE)
      size += x->end[side] - x->s[side] + 1;
  return q->max_window == 0 || size <= 4ull * q->max_window;
}

/* Every constraint of the query, as far as it is not rejected or found
 * infeasible on the way. */
static void
encode (Enc *x)
{
  const AugurEncQuery *q = x->q;
  window_sections (x);
  collect (x);
  if (q->max_window > 0 && x->vars->len > q->max_window)
    x->reject = TRUE;
  for (guint i = 0; i < q->n_exempt && !x->reject; i++)
    if (!has_var (x, q->exempt[i]))
      x->reject = TRUE;
  for (guint i = 0; i < q->n_order && !x->reject; i++)
    if (!has_var (x, q->before[i]) || !has_var (x, q->after[i]))
      x->reject = TRUE;
  if (x->reject)
    return;
  encode_hb (x);
  for (guint i = 0; i < q->n_order; i++)
    assert_lt (x, q->before[i], q->after[i]);
  encode_locks (x);
  if (!x->unsat && !x->out_of_time && !q->no_data_flow)
    encode_data_flow (x);
  if (x->third && !x->reject && !x->unsat && !x->out_of_time)
    augur_enc_third_threads (x);
  if (!x->reject && !x->unsat && !x->out_of_time)
    encode_goal (x);
}

/* The value of every order variable in Z3's model. */
static gint64 *
model_values (Enc *x, Z3_model model)
{
  Z3_context ctx = x->e->ctx;
  gint64 *value = g_new0 (gint64, MAX (x->vars->len, 1u));
  for (guint i = 0; i < x->vars->len; i++)
    {
      Z3_ast v = NULL;
      if (Z3_model_eval (ctx, model, g_array_index (x->vars, Z3_ast, i), TRUE, &v) && v != NULL)
        {
          Z3_inc_ref (ctx, v);
          Z3_get_numeral_int64 (ctx, v, &value[i]);
          Z3_dec_ref (ctx, v);
        }
    }
  return value;
}

/* Z3's answer within what the encoding left of the check's time; the
 * schedule on SAT.  Z3 4.8's automatic configuration picks, for large
 * difference-logic problems, a dense solver whose set-up is quadratic in
 * the variables and deaf to the timeout and to Z3_interrupt (5,292
 * variables and 66,047 disjunctions: no answer after 180 s); the sparse
 * difference-logic solver (arith.solver 1, Bellman-Ford) answered the
 * same checks in 0.3-4.8 s, kept its timeout, and gave the same answers
 * on the corpus's 217 checks. */
static AugurEncAnswer
solve (Enc *x, GArray *schedule)
{
  AugurEncoder *e = x->e;
  Z3_context ctx = e->ctx;
  Z3_params params = Z3_mk_params (ctx);
  Z3_params_inc_ref (ctx, params);
  gint64 left_ms = (x->deadline - g_get_monotonic_time ()) / 1000;
  Z3_params_set_uint (ctx, params, Z3_mk_string_symbol (ctx, "timeout"),
                      (guint) CLAMP (left_ms, 1, (gint64) G_MAXUINT));
  Z3_params_set_bool (ctx, params, Z3_mk_string_symbol (ctx, "auto_config"), FALSE);
  Z3_params_set_uint (ctx, params, Z3_mk_string_symbol (ctx, "arith.solver"), 1);
  Z3_solver_set_params (ctx, e->solver, params);
  Z3_params_dec_ref (ctx, params);
  Z3_lbool r = Z3_solver_check (ctx, e->solver);
  if (g_atomic_int_get (&e->abandoned))
    return AUGUR_ENC_UNKNOWN;   /* nobody waits for it; the model may be gone */
  if (r == Z3_L_FALSE)
    return AUGUR_ENC_UNSAT;
  if (r != Z3_L_TRUE)
    return AUGUR_ENC_UNKNOWN;
  Z3_model model = Z3_solver_get_model (ctx, e->solver);
  Z3_model_inc_ref (ctx, model);
  g_autofree gint64 *value = model_values (x, model);
  Z3_model_dec_ref (ctx, model);
  build_schedule (x, value, schedule);
  return AUGUR_ENC_SAT;
}

/* The answer of the unconditional orders alone, when they give one: a
 * cycle (infeasible), or no disjunction at all (feasible, in the orders'
 * topological order that keeps closest to the recorded one).
 * AUGUR_ENC_UNKNOWN when Z3 must decide. */
static AugurEncAnswer
solve_by_orders (Enc *x, GArray *schedule)
{
  g_autofree gint64 *rank = g_new (gint64, MAX (x->vars->len, 1u));
  gboolean acyclic = augur_order_graph_rank (x->e->orders, x->vars->len,
                                             (const guint32 *) (gpointer) x->var_event->data, rank);
  if (acyclic && x->n_or > 0)
    return AUGUR_ENC_UNKNOWN;
  x->e->n_orders_only++;
  if (!acyclic)
    return AUGUR_ENC_UNSAT;
  build_schedule (x, rank, schedule);
  return AUGUR_ENC_SAT;
}

static void
enc_clear (Enc *x)
{
  Z3_context ctx = x->e->ctx;
  for (guint i = 0; i < x->vars->len; i++)
    Z3_dec_ref (ctx, g_array_index (x->vars, Z3_ast, i));
  g_array_unref (x->vars);
  g_array_unref (x->var_event);
  g_hash_table_unref (x->local);
  g_hash_table_unref (x->writes);
  for (guint side = 0; side < 2; side++)
    {
      if (x->kept[side] != NULL)
        g_array_unref (x->kept[side]);
      if (x->cs[side] != NULL)
        g_array_unref (x->cs[side]);
      if (x->cs_locks[side] != NULL)
        g_hash_table_unref (x->cs_locks[side]);
    }
  if (x->third_locks != NULL)
    g_hash_table_unref (x->third_locks);
  if (x->relevant != NULL)
    g_hash_table_unref (x->relevant);
}

/* One encoding and its answer (the schedule on SAT); FALSE when Z3 failed. */
static gboolean
check_once (Enc *x, AugurEncAnswer *answer, GArray *schedule, GError **error)
{
  AugurEncoder *e = x->e;
  Z3_context ctx = e->ctx;
  /* AUGUR_PREDICT_TEST_STALL_MS (tests only): each check first sleeps that
   * long, deaf to Z3_interrupt, as a solver stuck in its set-up is */
  static gint stall_ms = -1;
  if (g_atomic_int_get (&stall_ms) < 0)
    {
      const char *v = g_getenv ("AUGUR_PREDICT_TEST_STALL_MS");
      g_atomic_int_set (&stall_ms, v != NULL ? (gint) CLAMP (g_ascii_strtoll (v, NULL, 10), 0, 600000) : 0);
    }
  if (stall_ms > 0)
    g_usleep ((gulong) stall_ms * 1000);
  if (g_atomic_int_get (&e->abandoned))
    {
      *answer = AUGUR_ENC_UNKNOWN;   /* the model may be gone */
      return TRUE;
    }
  x->local = g_hash_table_new (NULL, NULL);
  x->vars = g_array_new (FALSE, FALSE, sizeof (Z3_ast));
  x->var_event = g_array_new (FALSE, FALSE, sizeof (guint32));
  x->writes = g_hash_table_new_full (NULL, NULL, NULL, writes_free);
  z3_failed = FALSE;
  augur_order_graph_clear (e->orders);
  Z3_solver_push (ctx, e->solver);
  encode (x);
  if (x->reject)
    *answer = AUGUR_ENC_REJECTED;
  else if (x->unsat)
    *answer = AUGUR_ENC_UNSAT;
  else if (x->out_of_time)
    *answer = AUGUR_ENC_UNKNOWN;
  else if ((*answer = solve_by_orders (x, schedule)) == AUGUR_ENC_UNKNOWN)
    *answer = solve (x, schedule);
  gboolean ok = TRUE;
  if (z3_failed)
    {
      g_set_error (error, AUGUR_PREDICT_ERROR, AUGUR_PREDICT_ERROR_Z3, "Z3 failed: %s",
                   Z3_get_error_msg (ctx, z3_last_error));
      ok = FALSE;
    }
  Z3_solver_pop (ctx, e->solver, 1);
  enc_clear (x);
  return ok;
}

gboolean
augur_encoder_check (AugurEncoder *e, const AugurEncQuery *q, guint timeout_ms,
                     AugurEncAnswer *answer, GArray *schedule, GError **error)
{
  Enc x = { .e = e, .m = e->m, .q = q, .t = { q->t1, q->t2 },
            .deadline = g_get_monotonic_time () + (gint64) MAX (1u, timeout_ms) * 1000 };
  *answer = AUGUR_ENC_REJECTED;
  if (!set_windows (&x))
    {
      /* too large to encode: a race may still need only its first
       * access's thread to wait (delay.h) */
      if (!x.reject && q->goal == AUGUR_ENC_GOAL_ADJACENT && q->n_exempt == 2
          && augur_pred_delay_schedule (e->m, q->lo, MIN (q->exempt[0], q->exempt[1]),
                                        MAX (q->exempt[0], q->exempt[1]), schedule))
        {
          e->n_delayed++;
          *answer = AUGUR_ENC_SAT;
        }
      else if (!x.reject)
        e->n_too_large++;
      return TRUE;
    }
  Enc fast = x;
  if (!check_once (&fast, answer, schedule, error))
    return FALSE;
  if (*answer != AUGUR_ENC_SAT || augur_enc_schedule_consistent (&x, schedule))
    return TRUE;
  /* The fast encoding leaves the third threads out, and this schedule
   * needs them: encoded again with their sections (an UNSAT answer then
   * stands: the windows' order cannot be had with the third threads'
   * sections as they ran). */
  AugurEncAnswer fast_answer = *answer;
  g_autoptr (GArray) fast_schedule = g_array_copy (schedule);
  g_array_set_size (schedule, 0);
  x.third = TRUE;
  if (!check_once (&x, answer, schedule, error))
    return FALSE;
  if (x.past_end)
    *answer = AUGUR_ENC_UNSAT;   /* not too large: the windows cannot have it */
  else if (x.third_over || *answer == AUGUR_ENC_UNKNOWN || *answer == AUGUR_ENC_REJECTED)
    {
      /* too large to encode: the fast schedule, which the replay that
       * confirms a prediction tries (it may say "not realisable") */
      *answer = fast_answer;
      g_array_set_size (schedule, 0);
      g_array_append_vals (schedule, fast_schedule->data, fast_schedule->len);
    }
  return TRUE;
}
