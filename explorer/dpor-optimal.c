/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dpor-optimal.c — optimal DPOR: wakeup trees instead of source sets
 * (Abdulla, Aronis, Jonsson, Sagonas, POPL 2014, Algorithm 2), in the
 * stateless, one-whole-execution-at-a-time setting of dpor.c.
 *
 * Source sets say which *thread* to try at a node; the run that follows
 * may then wander into a state where only sleeping threads can go on
 * (sleep-set blocked: lastzero(10) ran 33,874 such runs beside its 3,328
 * complete ones).  A wakeup tree says which *sequence* to run: for a race
 * (e, e') the sequence v = notdep(e, E).e' itself is kept at the node
 * before e, unless a sleeping thread is a weak initial of v (that
 * reordering is explored already) or the tree holds a branch that v
 * extends up to equivalence.  The next execution replays to the deepest
 * node with a non-empty tree and then follows its leftmost branch; the
 * rest of the tree below that branch travels with it (AugurDpor.pending)
 * to the nodes the execution creates.
 *
 * "Happens before" inside a sequence: augur_sched_dependent, program
 * order, a thread's creation before its first step, a thread's steps
 * before the join that waits for it.
 */
#include "config.h"

#include "explorer/dpor-optimal.h"

#include <string.h>

static gboolean
ordered (const AugurSchedStep *a, const AugurSchedStep *b)
{
  if (a->tid == b->tid)
    return TRUE;
  if (a->op == AUGUR_SOP_CREATE && a->arg == b->tid)
    return TRUE;
  if (b->op == AUGUR_SOP_JOIN && b->arg == a->tid)
    return TRUE;
  return augur_sched_dependent (a, b) != 0;
}

/* Is thread q, whose next step is x, a weak initial of w: either its
 * first step in w has nothing before it in w, or it has no step in w and
 * x is independent of all of w? */
static gboolean
weak_initial (const AugurSchedStep *x, const GArray *w)
{
  const AugurSchedStep *s = (const AugurSchedStep *) w->data;
  for (guint a = 0; a < w->len; a++)
    if (s[a].tid == x->tid)
      {
        for (guint b = 0; b < a; b++)
          if (ordered (&s[b], &s[a]))
            return FALSE;
        return TRUE;
      }
  for (guint b = 0; b < w->len; b++)
    if (ordered (x, &s[b]) || ordered (&s[b], x))
      return FALSE;
  return TRUE;
}

/* w without the first step of thread t (unchanged if t has none). */
static void
remove_first (GArray *w, guint t)
{
  for (guint a = 0; a < w->len; a++)
    if (g_array_index (w, AugurSchedStep, a).tid == t)
      {
        g_array_remove_index (w, a);
        return;
      }
}

static void
leaf_free (gpointer p)
{
  g_array_unref (p);
}

/* Adds leaf l without its first step to `to` (nothing if that empties it). */
static void
add_tail (GPtrArray *to, const GArray *l)
{
  if (l->len <= 1)
    return;
  GArray *tail = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  g_array_append_vals (tail, &g_array_index (l, AugurSchedStep, 1), l->len - 1);
  g_ptr_array_add (to, tail);
}

/* Inserts v into the wakeup tree `wut` (its leaves in order). */
static void
wut_insert (GPtrArray *wut, const GArray *v)
{
  g_autoptr (GArray) w = g_array_copy ((GArray *) v);
  g_autoptr (GPtrArray) cand = g_ptr_array_new ();   /* leaves below the node reached */
  for (guint i = 0; i < wut->len; i++)
    g_ptr_array_add (cand, g_ptr_array_index (wut, i));
  guint depth = 0;
  for (;;)
    {
      gboolean inner = FALSE;
      for (guint i = 0; i < cand->len && !inner; i++)
        inner = ((GArray *) g_ptr_array_index (cand, i))->len > depth;
      if (cand->len > 0 && !inner)
        return;            /* a leaf that v extends: explored as part of it */
      if (w->len == 0 && cand->len > 0)
        return;            /* v is a branch of the tree already */
      /* the children of this node, in order: the first whose step is a
       * weak initial of what is left of v is the way down */
      gint chosen = -1;
      guint64 tried = 0;
      for (guint i = 0; i < cand->len && chosen < 0; i++)
        {
          const AugurSchedStep *c = &g_array_index ((GArray *) g_ptr_array_index (cand, i),
                                                    AugurSchedStep, depth);
          if (tried & BIT (c->tid))
            continue;
          tried |= BIT (c->tid);
          if (weak_initial (c, w))
            chosen = c->tid;
        }
      if (chosen < 0)
        {
          GArray *leaf = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
          if (cand->len > 0)
            g_array_append_vals (leaf, ((GArray *) g_ptr_array_index (cand, 0))->data, depth);
          g_array_append_vals (leaf, w->data, w->len);
          g_ptr_array_add (wut, leaf);
          return;
        }
      guint k = 0;
      for (guint i = 0; i < cand->len; i++)
        {
          GArray *l = g_ptr_array_index (cand, i);
          if (g_array_index (l, AugurSchedStep, depth).tid == (guint) chosen)
            g_ptr_array_index (cand, k++) = l;
        }
      g_ptr_array_set_size (cand, k);
      remove_first (w, (guint) chosen);
      depth++;
    }
}

void
augur_dpor_optimal_race (DporPass *p, guint i, guint j)
{
  AugurDpor *d = p->d;
  if (i >= d->nodes->len)
    return;
  DporNode *nd = g_ptr_array_index (d->nodes, i);
  guint ti = p->s[i].tid;
  guint32 need = p->li[i] + 1;
  g_autoptr (GArray) v = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  for (guint k = i + 1; k <= j; k++)
    {
      const guint32 *c = p->clk + k * p->T;
      if (k < j && c[ti] >= need)
        continue;           /* happens after e: not in notdep(e, E) */
      g_array_append_val (v, p->s[k]);
    }
  /* a sleeping thread that is a weak initial of v: explored already */
  for (int pass = 0; pass < 2; pass++)
    {
      const GArray *a = pass == 0 ? nd->sleep : nd->done_ev;
      for (guint k = 0; k < a->len; k++)
        if (weak_initial (&g_array_index (a, AugurSchedStep, k), v))
          return;
    }
  if (nd->wut == NULL)
    nd->wut = g_ptr_array_new_with_free_func (leaf_free);
  wut_insert (nd->wut, v);
}

gboolean
augur_dpor_optimal_next (AugurDpor *d, GArray *prefix, GArray *sleep)
{
  for (guint k = d->nodes->len; k-- > d->fixed;)
    {
      DporNode *nd = g_ptr_array_index (d->nodes, k);
      if (nd->wut == NULL || nd->wut->len == 0)
        continue;
      GArray *branch = g_array_ref (g_ptr_array_index (nd->wut, 0));
      guint q = g_array_index (branch, AugurSchedStep, 0).tid;
      /* the subtree below q goes with the execution; the rest stays */
      g_clear_pointer (&d->pending, g_ptr_array_unref);
      d->pending = g_ptr_array_new_with_free_func (leaf_free);
      guint keep = 0;
      for (guint i = 0; i < nd->wut->len; i++)
        {
          GArray *l = g_ptr_array_index (nd->wut, i);
          if (g_array_index (l, AugurSchedStep, 0).tid == q)
            {
              add_tail (d->pending, l);
              g_array_unref (l);
            }
          else
            g_ptr_array_index (nd->wut, keep++) = l;
        }
      nd->wut->len = keep;   /* the moved leaves are released above */
      g_array_set_size (prefix, 0);
      g_array_append_vals (prefix, d->steps->data, k);
      g_array_append_vals (prefix, branch->data, branch->len);
      /* the sleep set before the branch's last step: the runtime applies
       * the steps from there on */
      g_array_set_size (sleep, 0);
      g_array_append_vals (sleep, nd->sleep->data, nd->sleep->len);
      g_array_append_vals (sleep, nd->done_ev->data, nd->done_ev->len);
      for (guint b = 0; b + 1 < branch->len; b++)
        {
          const AugurSchedStep *s = &g_array_index (branch, AugurSchedStep, b);
          guint w = 0;
          for (guint x = 0; x < sleep->len; x++)
            {
              AugurSchedStep e = g_array_index (sleep, AugurSchedStep, x);
              if (e.tid != s->tid && !augur_sched_dependent (s, &e))
                g_array_index (sleep, AugurSchedStep, w++) = e;
            }
          g_array_set_size (sleep, w);
        }
      g_array_unref (branch);
      nd->done |= BIT (q);
      g_ptr_array_set_size (d->nodes, k + 1);
      d->prefix_len = k + 1;
      return TRUE;
    }
  return FALSE;
}

void
augur_dpor_optimal_hand_down (AugurDpor *d, const AugurSchedStep *steps, guint n, guint from)
{
  GPtrArray *cur = g_steal_pointer (&d->pending);
  for (guint k = from; cur != NULL && cur->len > 0 && k < n && k < d->nodes->len; k++)
    {
      DporNode *nd = g_ptr_array_index (d->nodes, k);
      GPtrArray *next = g_ptr_array_new_with_free_func (leaf_free);
      if (nd->wut == NULL)
        nd->wut = g_ptr_array_new_with_free_func (leaf_free);
      for (guint i = 0; i < cur->len; i++)
        {
          GArray *l = g_ptr_array_index (cur, i);
          if (g_array_index (l, AugurSchedStep, 0).tid == steps[k].tid)
            add_tail (next, l);
          else
            g_ptr_array_add (nd->wut, g_array_ref (l));
        }
      g_ptr_array_unref (cur);
      cur = next;
    }
  if (cur != NULL)
    g_ptr_array_unref (cur);
}
