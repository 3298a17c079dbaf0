/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dpor.c — source-DPOR with sleep sets over whole executions; see dpor.h
 * for the model.  This file keeps the stack of nodes and their sleep
 * sets, takes each execution in and gives the next one to run; the
 * analysis pass over an execution (clocks, races, backtrack points) is
 * dpor-pass.c.
 */
#include "config.h"

#include "explorer/dpor.h"
#include "explorer/dpor-optimal.h"
#include "explorer/dpor-private.h"

#include <string.h>

static void
node_free (gpointer p)
{
  DporNode *n = p;
  augur_tidset_clear (&n->backtrack);
  augur_tidset_clear (&n->done);
  augur_tidset_clear (&n->handed);
  augur_tidset_clear (&n->handed_ever);
  g_array_unref (n->done_ev);
  g_array_unref (n->sleep);
  if (n->wut != NULL)
    g_ptr_array_unref (n->wut);
  g_free (n);
}

/* Empties a node cut off the stack, keeping its arrays' memory. */
static void
node_reset (DporNode *n)
{
  augur_tidset_clear (&n->backtrack);
  augur_tidset_clear (&n->done);
  augur_tidset_clear (&n->handed);
  augur_tidset_clear (&n->handed_ever);
  /* neither is zero-terminated nor has a clear function: emptying one
   * is setting its length (g_array_set_size costs ~100 instructions,
   * and an execution cuts dozens of nodes) */
  n->done_ev->len = 0;
  n->sleep->len = 0;
  g_clear_pointer (&n->wut, g_ptr_array_unref);
  n->relax_below = FALSE;
  n->relaxed = FALSE;
}

static DporNode *
node_new (void)
{
  DporNode *n = g_new0 (DporNode, 1);
  n->done_ev = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  n->sleep = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  return n;
}

DporNode *
augur_dpor_node_new (void)
{
  return node_new ();
}

/* A node for the top of the stack: a spare one if there is one. */
static DporNode *
node_take (AugurDpor *d)
{
  if (d->spare->len == 0)
    return node_new ();
  return g_ptr_array_steal_index_fast (d->spare, d->spare->len - 1);
}

void
augur_dpor_nodes_cut (AugurDpor *d, guint len)
{
  if (d->nodes->len <= len)
    return;
  for (guint k = d->nodes->len; k-- > len;)
    {
      DporNode *n = g_ptr_array_index (d->nodes, k);
      node_reset (n);
      g_ptr_array_add (d->spare, n);
    }
  /* moved to the spares, not freed */
  g_ptr_array_set_free_func (d->nodes, NULL);
  g_ptr_array_set_size (d->nodes, len);
  g_ptr_array_set_free_func (d->nodes, node_free);
}

AugurDpor *
augur_dpor_new (void)
{
  return augur_dpor_new_kind (AUGUR_DPOR_SOURCE);
}

AugurDpor *
augur_dpor_new_kind (AugurDporKind kind)
{
  AugurDpor *d = g_new0 (AugurDpor, 1);
  d->kind = kind;
  d->steps = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  d->nodes = g_ptr_array_new_with_free_func (node_free);
  d->spare = g_ptr_array_new_with_free_func (node_free);
  d->enabled_log = g_array_new (FALSE, FALSE, sizeof (AugurSchedEnabled));
  d->waiting = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  d->enabled_lost_at = G_MAXUINT32;
  return d;
}

void
augur_dpor_free (AugurDpor *d)
{
  if (d == NULL)
    return;
  g_array_unref (d->steps);
  g_ptr_array_unref (d->nodes);
  g_ptr_array_unref (d->spare);
  if (d->pending != NULL)
    g_ptr_array_unref (d->pending);
  augur_dpor_pass_free (d->pass);
  dpor_shadow_free (d->shadow);
  g_array_unref (d->enabled_log);
  g_array_unref (d->waiting);
  if (d->handoff != NULL)
    augur_dpor_handoff_state_free (d->handoff);
  g_free (d);
}

void
augur_dpor_set_fixed (AugurDpor *d, guint n)
{
  d->fixed = n;
}

void
augur_dpor_set_deadline (AugurDpor *d, gint64 deadline)
{
  d->deadline = deadline;
}

gboolean
augur_dpor_cut (AugurDpor *d)
{
  return d->cut;
}

void
augur_dpor_set_pending (AugurDpor *d, const AugurSchedStep *pending, guint n)
{
  g_array_set_size (d->waiting, 0);
  if (pending != NULL)
    g_array_append_vals (d->waiting, pending, n);
}

void
augur_dpor_set_enabled_log (AugurDpor *d, const AugurSchedEnabled *log, guint n, guint32 lost_at)
{
  g_array_set_size (d->enabled_log, 0);
  if (log != NULL)
    g_array_append_vals (d->enabled_log, log, n);
  d->enabled_lost_at = log != NULL ? lost_at : G_MAXUINT32;
}

AugurEnabled *
augur_dpor_enabled_new (AugurDpor *d, const AugurSchedStep *steps, guint n)
{
  AugurEnabled *e = augur_enabled_new (steps, n);
  if (d->enabled_log->len > 0 || d->enabled_lost_at != G_MAXUINT32)
    augur_enabled_set_log (e, (const AugurSchedEnabled *) d->enabled_log->data, d->enabled_log->len,
                           d->enabled_lost_at);
  return e;
}

void
augur_dpor_set_conflict_func (AugurDpor *d, AugurDporConflictFunc func, gpointer user_data)
{
  d->conflict_cb = func;
  d->conflict_data = user_data;
}

guint
augur_dpor_depth (AugurDpor *d)
{
  return d->nodes->len;
}

/* ------------------------------------------------------------------ */

void
augur_dpor_set_done_ev (GArray *done_ev, const AugurSchedStep *s)
{
  for (guint k = 0; k < done_ev->len; k++)
    if (g_array_index (done_ev, AugurSchedStep, k).tid == s->tid)
      {
        g_array_index (done_ev, AugurSchedStep, k) = *s;
        return;
      }
  g_array_append_val (done_ev, *s);
}

/* sleep(k+1) from node k and the step taken there */
static void
next_sleep (const DporNode *nd, const AugurSchedStep *taken, GArray *out)
{
  g_array_set_size (out, 0);
  for (int pass = 0; pass < 2; pass++)
    {
      const GArray *a = pass == 0 ? nd->sleep : nd->done_ev;
      for (guint k = 0; k < a->len; k++)
        {
          const AugurSchedStep *x = &g_array_index (a, AugurSchedStep, k);
          if (x->tid != taken->tid && !augur_sched_dependent (x, taken))
            g_array_append_val (out, *x);
        }
    }
}

/* Spurious wake-ups.  The runtime never makes one on its own, so every
 * execution shows what happens when none does (a waiter blocked for ever:
 * a hang); a thread still waiting at the end that may wake without a
 * signal is then tried at the last state that lets it (before the END, or
 * after the last step: a new leaf node).  Earlier wake-ups need no branch
 * of their own: the wake-up touches only its mutex, so waking at the end
 * is the same trace as waking anywhere before, and the steps after it race
 * with the others' as usual, which moves them (and the wake-up) earlier. */
static void
spurious_branches (AugurDpor *d, const AugurSchedStep *steps, guint n)
{
  for (guint w = 0; w < d->waiting->len; w++)
    {
      const AugurSchedStep *x = &g_array_index (d->waiting, AugurSchedStep, w);
      if (x->op != AUGUR_SOP_COND_WAKE || !(x->xflags & AUGUR_SXF_SPURIOUS))
        continue;
      guint k = n > 0 && steps[n - 1].op == AUGUR_SOP_END ? n - 1 : n;
      if (k < d->fixed || k > d->nodes->len)
        continue;
      if (k == d->nodes->len)
        {
          DporNode *leaf = node_take (d);
          if (k > 0)
            {
              next_sleep (g_ptr_array_index (d->nodes, k - 1), &steps[k - 1], leaf->sleep);
              augur_dpor_handoff_inherit (g_ptr_array_index (d->nodes, k - 1), leaf);
            }
          g_ptr_array_add (d->nodes, leaf);
        }
      DporNode *nd = g_ptr_array_index (d->nodes, k);
      if (augur_tidset_has (&nd->done, x->tid) || augur_dpor_node_sleeps (nd, x->tid))
        continue;   /* tried here, or at a state before that leads here */
      AugurSchedStep b = *x;
      b.xflags &= (guint16) ~AUGUR_SXF_SPURIOUS;
      if (d->kind == AUGUR_DPOR_OPTIMAL)
        augur_dpor_optimal_add_branch (nd, &b);
      else
        augur_tidset_add (&nd->backtrack, x->tid);
    }
}

/* Classic DPOR's backtrack sets hold threads, not steps: a waiter that a
 * signal woke could also have woken without it (a spurious wake-up) right
 * after it began to wait, while the mutex its wait released is free, but
 * no race names that state (the signal orders the wake-up after it, and
 * later the mutex is held), and a waiter that cannot run where the race
 * is asks only for the threads that can.  Optimal DPOR's wakeup sequences
 * reach it; here the waiter is tried at the step after its wait (found
 * by a helper: a consumer's spurious wake-up while the producer was
 * signalled but had not run yet, missed, and the search said complete). */
static void
early_spurious_branches (AugurDpor *d, const AugurSchedStep *steps, guint n)
{
  for (guint k = d->fixed; k < n; k++)
    {
      const AugurSchedStep *x = &steps[k];
      if (x->op != AUGUR_SOP_COND_WAKE || (x->xflags & (AUGUR_SXF_SPURIOUS | AUGUR_SXF_NEEDS_WAKER)))
        continue;
      guint w = k;
      while (w-- > 0 && !(steps[w].tid == x->tid && steps[w].op == AUGUR_SOP_COND_WAIT))
        ;
      if (w == G_MAXUINT || w + 1 < d->fixed || w + 1 >= d->nodes->len || w + 1 == k)
        continue;
      DporNode *nd = g_ptr_array_index (d->nodes, w + 1);
      if (augur_tidset_has (&nd->done, x->tid) || augur_dpor_node_sleeps (nd, x->tid))
        continue;
      augur_tidset_add (&nd->backtrack, x->tid);
    }
}

/* A signal's delivery put the target's operation aside (the kill came
 * after it was published) and it ran after the handlers (RESUMED): the
 * target could as well have made it before the signal came.  That is no
 * race the clocks see (the kill is before the delivery, the delivery
 * before the operation), so the branch is added where the kill ran: the
 * operation first. */
static void
signal_branches (AugurDpor *d, const AugurSchedStep *steps, guint n)
{
  for (guint k = d->fixed; k < n; k++)
    {
      if (!(steps[k].xflags & AUGUR_SXF_RESUMED))
        continue;
      guint kill = G_MAXUINT;
      for (guint i = k; i-- > 0;)
        if (steps[i].tid == steps[k].tid && steps[i].ev_kind == AUGUR_EV_SIGNAL_DELIVER)
          {
            if (steps[i].size > 0 && steps[i].size - 1 < i)
              kill = steps[i].size - 1;
            break;
          }
      if (kill == G_MAXUINT || kill < d->fixed || kill >= d->nodes->len)
        continue;
      DporNode *nd = g_ptr_array_index (d->nodes, kill);
      guint t = steps[k].tid;
      if (augur_tidset_has (&nd->done, t) || augur_dpor_node_sleeps (nd, t))
        continue;   /* tried there, or at a state before that leads there */
      AugurSchedStep b = steps[k];
      b.xflags &= (guint16) ~AUGUR_SXF_RESUMED;
      if (d->kind == AUGUR_DPOR_OPTIMAL)
        augur_dpor_optimal_add_branch (nd, &b);
      else
        augur_tidset_add (&nd->backtrack, t);
    }
}

void
augur_dpor_add_execution (AugurDpor *d, const AugurSchedStep *steps, guint n,
                          AugurDporRaceFunc races, gpointer user_data)
{
  guint L = d->prefix_len;
  if (L > n)
    L = n;           /* ended inside the prefix (a bug on the way) */
  /* the steps the last pass went over too (the replayed prefix, unless
   * the program did something else there) */
  guint same = 0, first_new = L > 0 ? L - 1 : 0;
  const AugurSchedStep *old = (const AugurSchedStep *) d->steps->data;
  while (same < first_new && same < d->steps->len
         && memcmp (&old[same], &steps[same], sizeof *steps) == 0)
    same++;
  g_array_set_size (d->steps, 0);
  g_array_append_vals (d->steps, steps, n);
  augur_dpor_nodes_cut (d, L);
  if (L > 0)
    augur_dpor_set_done_ev (((DporNode *) g_ptr_array_index (d->nodes, L - 1))->done_ev, &steps[L - 1]);
  for (guint k = d->nodes->len; k < n; k++)
    {
      DporNode *nd = node_take (d);
      augur_tidset_add (&nd->backtrack, steps[k].tid);
      augur_tidset_add (&nd->done, steps[k].tid);
      g_array_append_val (nd->done_ev, steps[k]);
      if (k > 0)
        {
          next_sleep (g_ptr_array_index (d->nodes, k - 1), &steps[k - 1], nd->sleep);
          augur_dpor_handoff_inherit (g_ptr_array_index (d->nodes, k - 1), nd);
        }
      g_ptr_array_add (d->nodes, nd);
    }
  if (d->kind == AUGUR_DPOR_OPTIMAL)
    augur_dpor_optimal_hand_down (d, steps, n, L);
  augur_dpor_analyse (d, same, first_new, races, user_data);
  spurious_branches (d, steps, n);
  if (d->kind == AUGUR_DPOR_CLASSIC)
    early_spurious_branches (d, steps, n);
  signal_branches (d, steps, n);
  g_array_set_size (d->waiting, 0);   /* for this execution only */
}

void
augur_dpor_drop_execution (AugurDpor *d, guint at)
{
  /* the branch is marked done already; the old execution stays */
  if (d->kind == AUGUR_DPOR_CLASSIC)
    augur_dpor_classic_drop (d);
  if (d->kind == AUGUR_DPOR_OPTIMAL)
    augur_dpor_optimal_drop (d, at);
  else if (d->pending != NULL)
    g_ptr_array_set_size (d->pending, 0);
}

/* The thread source and classic DPOR try next at node @nd (AUGUR_TID_NONE:
 * none), and the prefix and sleep set of that execution. */
static guint
next_thread (const DporNode *nd)
{
  for (guint t = augur_tidset_next (&nd->backtrack, 0); t != AUGUR_TID_NONE;
       t = augur_tidset_next (&nd->backtrack, t + 1))
    {
      if (!augur_tidset_has (&nd->done, t) && !augur_dpor_node_sleeps (nd, t))
        return t;
    }
  return AUGUR_TID_NONE;
}

static void
thread_branch (AugurDpor *d, guint k, guint q, GArray *prefix, GArray *sleep)
{
  const DporNode *nd = g_ptr_array_index (d->nodes, k);
  g_array_set_size (prefix, 0);
  g_array_append_vals (prefix, d->steps->data, k);
  AugurSchedStep branch = { 0 };
  branch.tid = (guint16) q;
  g_array_append_val (prefix, branch);
  g_array_set_size (sleep, 0);
  g_array_append_vals (sleep, nd->sleep->data, nd->sleep->len);
  g_array_append_vals (sleep, nd->done_ev->data, nd->done_ev->len);
}

void
augur_dpor_ahead (AugurDpor *d, AugurDporAheadFunc func, gpointer user_data)
{
  if (d->kind == AUGUR_DPOR_OPTIMAL)
    {
      augur_dpor_optimal_ahead (d, func, user_data);
      return;
    }
  g_autoptr (GArray) prefix = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  g_autoptr (GArray) sleep = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  for (guint k = d->nodes->len; k-- > d->fixed;)
    {
      DporNode *nd = g_ptr_array_index (d->nodes, k);
      /* a thread tried here whose step is not known yet (its execution
       * is not back): the sleep set of the next one is not known either */
      if (augur_tidset_count (&nd->done) != nd->done_ev->len)
        continue;
      guint q = next_thread (nd);
      if (q == AUGUR_TID_NONE)
        continue;
      thread_branch (d, k, q, prefix, sleep);
      if (!func (k, prefix, sleep, user_data))
        return;
    }
}

/* ---- the estimator's view (explorer/estimate.h) ---- */

void
augur_dpor_branches (AugurDpor *d, guint k, guint *taken, guint *left)
{
  *taken = 1;
  *left = 0;
  if (k >= d->nodes->len || k < d->fixed)
    return;
  const DporNode *nd = g_ptr_array_index (d->nodes, k);
  /* a leaf node made for a spurious wake-up has none taken: the
   * execution that ended there is its first branch */
  *taken = MAX (augur_tidset_count (&nd->done), 1u);
  if (d->kind == AUGUR_DPOR_OPTIMAL)
    {
      *left = augur_dpor_optimal_left (nd);
      return;
    }
  /* the threads next_thread would give, one after another */
  for (guint t = augur_tidset_next (&nd->backtrack, 0); t != AUGUR_TID_NONE;
       t = augur_tidset_next (&nd->backtrack, t + 1))
    if (!augur_tidset_has (&nd->done, t) && !augur_dpor_node_sleeps (nd, t))
      (*left)++;
}

/* Thread t's step from node k of the current execution (its next step
 * does not change until it runs), or NULL if it took none after k. */
static const AugurSchedStep *
step_from (AugurDpor *d, guint k, guint t)
{
  for (guint j = k; j < d->steps->len; j++)
    if (g_array_index (d->steps, AugurSchedStep, j).tid == t)
      return &g_array_index (d->steps, AugurSchedStep, j);
  return NULL;
}

void
augur_dpor_probe_take (AugurDpor *d, guint k, guint i, GArray *prefix, GArray *sleep)
{
  g_return_if_fail (d->kind != AUGUR_DPOR_OPTIMAL && k < d->nodes->len);
  DporNode *nd = g_ptr_array_index (d->nodes, k);
  guint q = AUGUR_TID_NONE, b = 0;
  for (guint t = augur_tidset_next (&nd->backtrack, 0); t != AUGUR_TID_NONE && q == AUGUR_TID_NONE;
       t = augur_tidset_next (&nd->backtrack, t + 1))
    {
      if (augur_tidset_has (&nd->done, t) || augur_dpor_node_sleeps (nd, t))
        continue;
      if (b++ == i)
        {
          q = t;
          break;
        }
      /* taken before it by the search: in its sleep set */
      const AugurSchedStep *x = step_from (d, k, t);
      if (x != NULL)
        augur_dpor_set_done_ev (nd->done_ev, x);
      augur_tidset_add (&nd->done, t);
    }
  g_return_if_fail (q != AUGUR_TID_NONE);
  thread_branch (d, k, q, prefix, sleep);
  augur_tidset_add (&nd->done, q);
  augur_dpor_nodes_cut (d, k + 1);
  d->prefix_len = k + 1;
}

guint64
augur_dpor_probe_branches (AugurDpor *d, guint k)
{
  if (k >= d->nodes->len || k < d->fixed || d->kind == AUGUR_DPOR_OPTIMAL)
    return 0;
  const DporNode *nd = g_ptr_array_index (d->nodes, k);
  guint64 mask = nd->done.lo;
  for (guint t = augur_tidset_next (&nd->backtrack, 0); t < 64;
       t = augur_tidset_next (&nd->backtrack, t + 1))
    if (!augur_dpor_node_sleeps (nd, t))
      mask |= (guint64) 1 << t;
  return mask;
}

gboolean
augur_dpor_probe_add (AugurDpor *d, guint k, guint t)
{
  if (k >= d->nodes->len || k < d->fixed || d->kind == AUGUR_DPOR_OPTIMAL)
    return FALSE;
  DporNode *nd = g_ptr_array_index (d->nodes, k);
  if (augur_tidset_has (&nd->done, t) || augur_tidset_has (&nd->backtrack, t) || augur_dpor_node_sleeps (nd, t))
    return FALSE;
  augur_tidset_add (&nd->backtrack, t);
  return TRUE;
}

gboolean
augur_dpor_next (AugurDpor *d, GArray *prefix, GArray *sleep)
{
  if (d->kind == AUGUR_DPOR_OPTIMAL)
    return augur_dpor_optimal_next (d, prefix, sleep);
  for (guint k = d->nodes->len; k-- > d->fixed;)
    {
      DporNode *nd = g_ptr_array_index (d->nodes, k);
      guint q = next_thread (nd);
      if (q == AUGUR_TID_NONE)
        continue;
      thread_branch (d, k, q, prefix, sleep);
      augur_tidset_add (&nd->done, q);
      augur_dpor_nodes_cut (d, k + 1);
      d->prefix_len = k + 1;
      return TRUE;
    }
  return FALSE;
}
