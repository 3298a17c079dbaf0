/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dpor-handoff.c — handing branches of optimal DPOR's wakeup trees from
 * one core to another (dpor-handoff.h): taking a branch with its sleep set
 * and wakeup subtree, making a core of it, the forwards a receiver
 * collects for the nodes it does not own and their insertion at the owner,
 * the hold on a node with branches out, the flat form all of it travels
 * in, and which nodes take the relaxed insertion check (DporNode.relaxed,
 * relax_below).  The insertion itself is the serial one
 * (augur_dpor_optimal_insert); this file only moves sequences between
 * cores.
 */
#include "config.h"

#include "explorer/dpor-handoff.h"

#include <gio/gio.h>
#include <string.h>

#include "explorer/dpor-optimal.h"
#include "explorer/dpor-private.h"

struct _DporHandoff {
  GPtrArray *forwards;   /* AugurDporForward, collected since augur_dpor_handoff_forwards */
  GHashTable *sent;      /* the forwards collected once (node and sequence, as bytes) */
  gboolean late;         /* late insertions instead of the relaxed rule (experimental) */
  GPtrArray *downs;      /* AugurDporForward: late insertions for receivers (src: the
                          * handed-out branch's thread) */
  guint64 misses;        /* late insertions that fell into a finished branch */
};

static DporHandoff *
state_new (void)
{
  DporHandoff *h = g_new0 (DporHandoff, 1);
  h->forwards = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_dpor_forward_free);
  h->downs = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_dpor_forward_free);
  h->sent = g_hash_table_new_full (g_bytes_hash, g_bytes_equal, (GDestroyNotify) g_bytes_unref, NULL);
  return h;
}

void
augur_dpor_handoff_state_free (DporHandoff *h)
{
  g_ptr_array_unref (h->forwards);
  g_ptr_array_unref (h->downs);
  g_hash_table_unref (h->sent);
  g_free (h);
}

void
augur_dpor_branch_free (AugurDporBranch *b)
{
  if (b == NULL)
    return;
  g_array_unref (b->prefix);
  g_array_unref (b->sleep);
  g_array_unref (b->tree);
  g_free (b);
}

void
augur_dpor_forward_free (AugurDporForward *f)
{
  if (f == NULL)
    return;
  g_array_unref (f->seq);
  g_free (f);
}

static GArray *
steps_new (void)
{
  return g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
}

/* FNV-1a over what identifies the steps before a node. */
static guint64
prefix_hash (const AugurSchedStep *s, guint n)
{
  guint64 h = 0xcbf29ce484222325u;
  for (guint k = 0; k < n; k++)
    {
      guint64 parts[4] = { s[k].tid, s[k].op, s[k].obj, s[k].pc };
      const guint8 *b = (const guint8 *) parts;
      for (guint x = 0; x < sizeof parts; x++)
        h = (h ^ b[x]) * 0x100000001b3u;
    }
  return h;
}

/* ---- the wakeup subtree, flat ---- */

/* Appends the nodes from @first on (the children of a branch's first
 * step, a linked list) in preorder.  Without recursion: a subtree is as
 * deep as the sequences in it. */
static void
tree_flatten (const WutNode *first, GArray *out)
{
  g_autoptr (GPtrArray) at = g_ptr_array_new ();   /* at[d]: the node to visit next at depth d */
  g_ptr_array_add (at, (gpointer) first);
  while (at->len > 0)
    {
      guint top = at->len - 1;
      const WutNode *n = g_ptr_array_index (at, top);
      if (n == NULL)
        {
          g_ptr_array_set_size (at, top);
          continue;
        }
      g_ptr_array_index (at, top) = WUT_NEXT (n);
      AugurDporTreeStep e = { *augur_dpor_optimal_step (n->step), top, 0 };
      g_array_append_val (out, e);
      if (n->child != 0)
        g_ptr_array_add (at, WUT_CHILD (n));
    }
}

/* The linked list of WutNode that tree_flatten made e[0..n) of; NULL if
 * empty or malformed. */
static WutNode *
tree_unflatten (const AugurDporTreeStep *e, guint n)
{
  WutNode *head = NULL;
  g_autoptr (GPtrArray) path = g_ptr_array_new ();   /* path[d]: the last node at depth d */
  for (guint k = 0; k < n; k++)
    {
      guint depth = e[k].depth;
      if (depth > path->len)
        {
          while (head != NULL)
            {
              WutNode *next = WUT_NEXT (head);
              augur_dpor_optimal_node_free (head);
              head = next;
            }
          return NULL;
        }
      WutNode *node = augur_dpor_optimal_node_new (&e[k].step);
      if (depth < path->len)
        ((WutNode *) g_ptr_array_index (path, depth))->next = augur_wut_ix (node);   /* a later sibling */
      else if (depth > 0)
        ((WutNode *) g_ptr_array_index (path, depth - 1))->child = augur_wut_ix (node);
      else
        head = node;
      g_ptr_array_set_size (path, depth);
      g_ptr_array_add (path, node);
    }
  return head;
}

/* ---- the giver ---- */

AugurDporBranch *
augur_dpor_handoff_take (AugurDpor *d)
{
  if (d->kind != AUGUR_DPOR_OPTIMAL)
    return NULL;
  for (guint k = d->fixed; k < d->nodes->len; k++)
    {
      DporNode *nd = g_ptr_array_index (d->nodes, k);
      if (nd->wut == NULL || nd->wut->len == 0)
        continue;
      /* not beside a branch taken here whose execution is not back: its
       * nodes are still to be made, and their sleep sets from this
       * node's done steps, where a branch handed out now (a later
       * sibling, not an earlier one) must not be */
      if (d->pending != NULL && d->branch_at == k)
        continue;
      /* the leftmost branch: the one the serial search takes next here,
       * so the branches of a node still start in the tree's order (each
       * in the sleep set of those after it), as serially */
      WutNode *first = g_ptr_array_steal_index (nd->wut, 0);
      AugurDporBranch *b = g_new0 (AugurDporBranch, 1);
      b->node = k;
      b->prefix = steps_new ();
      g_array_append_vals (b->prefix, d->steps->data, k);
      g_array_append_vals (b->prefix, augur_dpor_optimal_step (first->step), 1);
      b->sleep = steps_new ();
      g_array_append_vals (b->sleep, nd->sleep->data, nd->sleep->len);
      g_autoptr (GArray) done_ev = g_array_copy (nd->done_ev);
      g_array_append_vals (b->sleep, done_ev->data, done_ev->len);
      b->tree = g_array_new (FALSE, FALSE, sizeof (AugurDporTreeStep));
      tree_flatten (WUT_CHILD (first), b->tree);
      b->relaxed = nd->relaxed;
      b->late = d->handoff != NULL && d->handoff->late;
      b->relax_below = !b->late;
      /* done here from now on, as the branch being explored is */
      augur_tidset_add (&nd->done, WUT_TID (first));
      augur_dpor_set_done_ev (nd->done_ev, augur_dpor_optimal_step (first->step));
      augur_tidset_add (&nd->handed, WUT_TID (first));
      augur_tidset_add (&nd->handed_ever, WUT_TID (first));
      augur_dpor_optimal_node_free (first);
      return b;
    }
  return NULL;
}

void
augur_dpor_handoff_finished (AugurDpor *d, guint node, guint tid)
{
  g_return_if_fail (node < d->nodes->len);
  DporNode *nd = g_ptr_array_index (d->nodes, node);
  g_return_if_fail (augur_tidset_has (&nd->handed, tid));
  /* the set without tid (AugurTidSet has no removal) */
  AugurTidSet rest = AUGUR_TIDSET_INIT;
  for (guint t = augur_tidset_next (&nd->handed, 0); t != AUGUR_TID_NONE;
       t = augur_tidset_next (&nd->handed, t + 1))
    if (t != tid)
      augur_tidset_add (&rest, t);
  augur_tidset_clear (&nd->handed);
  nd->handed = rest;
}

guint
augur_dpor_handoff_outstanding (AugurDpor *d)
{
  guint n = 0;
  for (guint k = 0; k < d->nodes->len; k++)
    n += augur_tidset_count (&((DporNode *) g_ptr_array_index (d->nodes, k))->handed);
  return n;
}

void
augur_dpor_handoff_inherit (const DporNode *prev, DporNode *nd)
{
  nd->relaxed = prev->relaxed || prev->relax_below;
}

AugurDporNextResult
augur_dpor_handoff_next (AugurDpor *d, GArray *prefix, GArray *sleep)
{
  if (augur_dpor_next (d, prefix, sleep))
    return AUGUR_DPOR_NEXT_RUN;
  return d->held ? AUGUR_DPOR_NEXT_WAIT : AUGUR_DPOR_NEXT_DONE;
}

/* ---- the receiver ---- */

AugurDpor *
augur_dpor_handoff_new (const AugurDporBranch *b, GArray *prefix, GArray *sleep)
{
  guint k = b->node;
  g_return_val_if_fail (b->prefix->len == k + 1, NULL);
  AugurDpor *d = augur_dpor_new_kind (AUGUR_DPOR_OPTIMAL);
  d->handoff = state_new ();
  d->handoff->late = b->late;
  g_array_append_vals (d->steps, b->prefix->data, k);
  /* nodes 0..k: fixed, kept only to catch the races reversed there;
   * node k has the branch's sleep set and the branch as its tree */
  for (guint j = 0; j <= k; j++)
    {
      DporNode *nd = augur_dpor_node_new ();
      if (j < k)
        {
          const AugurSchedStep *s = &g_array_index (b->prefix, AugurSchedStep, j);
          augur_tidset_add (&nd->done, s->tid);
          g_array_append_val (nd->done_ev, *s);
        }
      g_ptr_array_add (d->nodes, nd);
    }
  DporNode *nk = g_ptr_array_index (d->nodes, k);
  g_array_append_vals (nk->sleep, b->sleep->data, b->sleep->len);
  nk->relaxed = b->relaxed;
  WutNode *first = augur_dpor_optimal_node_new (&g_array_index (b->prefix, AugurSchedStep, k));
  first->child = augur_wut_ix (tree_unflatten ((const AugurDporTreeStep *) b->tree->data, b->tree->len));
  nk->wut = augur_dpor_optimal_tree_new ();
  g_ptr_array_add (nk->wut, first);
  augur_dpor_optimal_take (d, k, prefix, sleep);
  /* the giver's branch at this node is still explored: everything
   * below relaxes */
  nk->relax_below = b->relax_below;
  augur_dpor_set_fixed (d, k + 1);
  return d;
}

void
augur_dpor_handoff_collect (AugurDpor *d, guint i, guint src, const GArray *v, gboolean cut)
{
  DporHandoff *h = d->handoff;
  GByteArray *key = g_byte_array_new ();
  guint32 node[3] = { i, src, cut };
  g_byte_array_append (key, (const guint8 *) node, sizeof node);
  g_byte_array_append (key, (const guint8 *) v->data, v->len * sizeof (AugurSchedStep));
  GBytes *kb = g_byte_array_free_to_bytes (key);
  if (!g_hash_table_add (h->sent, kb))
    return;   /* sent once: the owner has it (inserted, or covered since) */
  AugurDporForward *f = g_new0 (AugurDporForward, 1);
  f->node = i;
  f->src = src;
  f->prefix_hash = prefix_hash ((const AugurSchedStep *) d->steps->data, i);
  f->seq = g_array_copy ((GArray *) v);
  f->cut = cut;
  g_ptr_array_add (h->forwards, f);
}

GPtrArray *
augur_dpor_handoff_forwards (AugurDpor *d)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_dpor_forward_free);
  if (d->handoff != NULL)
    g_ptr_array_extend_and_steal (out, g_steal_pointer (&d->handoff->forwards));
  if (d->handoff != NULL)
    d->handoff->forwards = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_dpor_forward_free);
  return out;
}

/* ---- the owner ---- */

AugurDporForwardResult
augur_dpor_handoff_apply (AugurDpor *d, const AugurDporForward *f)
{
  if (f->node < d->fixed)
    return AUGUR_DPOR_FORWARD_UP;
  if (f->node >= d->nodes->len || f->node > d->steps->len
      || prefix_hash ((const AugurSchedStep *) d->steps->data, f->node) != f->prefix_hash)
    return AUGUR_DPOR_FORWARD_STALE;
  DporNode *nd = g_ptr_array_index (d->nodes, f->node);
  /* the serial insertion: dropped if a sleeping, done or handed-out
   * branch (or one taken and not back yet) is a weak initial of it */
  if (augur_dpor_handoff_late_insert (d, f->node, f->src, f->seq, f->cut))
    return AUGUR_DPOR_FORWARD_APPLIED;
  const AugurSchedStep *in_flight = d->pending != NULL && d->branch_at == f->node
                                    ? &d->branch_first : NULL;
  augur_dpor_optimal_insert (nd, f->seq, in_flight, f->cut);
  return AUGUR_DPOR_FORWARD_APPLIED;
}

/* ---- late insertions (experimental) ----
 *
 * Instead of relaxing the check below a branch that started beside
 * another still explored, the insertions that the serial search would
 * have made into its tree before it started are sent to it late: an
 * insertion at node k made by a race whose first event is thread src's
 * branch there walks the branches started there after src's as the
 * serial search walks its (then unstarted) tree: one still explored here
 * takes it down its path, one handed out and not finished gets it as a
 * "down" message, one finished misses it (counted: the exploration is
 * then not exact). */

static void late_down (AugurDpor *d, guint x, GArray *w);

/* The branch of thread @t at node @k takes @w (what is left of v below
 * its first step). */
static void
late_route (AugurDpor *d, guint k, guint t, GArray *w)
{
  DporHandoff *h = d->handoff;
  DporNode *nd = g_ptr_array_index (d->nodes, k);
  if (d->pending != NULL && d->branch_at == k && d->branch_first.tid == t)
    {
      augur_dpor_optimal_tree_insert (d->pending, w, TRUE);   /* in flight */
      return;
    }
  if (augur_tidset_has (&nd->handed, t))
    {
      AugurDporForward *f = g_new0 (AugurDporForward, 1);
      f->node = k;
      f->src = t;
      f->prefix_hash = prefix_hash ((const AugurSchedStep *) d->steps->data, k);
      f->seq = g_array_copy (w);
      g_ptr_array_add (h->downs, f);
      return;
    }
  gboolean current = k < d->steps->len && g_array_index (d->steps, AugurSchedStep, k).tid == t
                     && !augur_tidset_has (&nd->handed_ever, t)
                     && !(d->pending != NULL && d->branch_at == k);
  if (current && k + 1 < d->nodes->len)
    {
      late_down (d, k + 1, w);
      return;
    }
  if (w->len > 0)
    h->misses++;
}

/* The started branches of node @nd in the order they started (the one
 * in flight last), as steps. */
static GArray *
late_started (AugurDpor *d, guint k)
{
  DporNode *nd = g_ptr_array_index (d->nodes, k);
  GArray *a = g_array_copy (nd->done_ev);
  if (d->pending != NULL && d->branch_at == k)
    augur_dpor_set_done_ev (a, &d->branch_first);
  return a;
}

/* w below the root of node x's tree (the serial walk, its started
 * branches first). */
static void
late_down (AugurDpor *d, guint x, GArray *w)
{
  if (w->len == 0 || x >= d->nodes->len)
    return;
  DporNode *nd = g_ptr_array_index (d->nodes, x);
  g_autoptr (GArray) started = late_started (d, x);
  for (guint i = 0; i < started->len; i++)
    {
      const AugurSchedStep *e = &g_array_index (started, AugurSchedStep, i);
      if (augur_dpor_optimal_weak_initial (e, w))
        {
          g_autoptr (GArray) rest = g_array_copy (w);
          augur_dpor_optimal_remove_first (rest, e->tid);
          late_route (d, x, e->tid, rest);
          return;
        }
    }
  if (nd->wut == NULL)
    nd->wut = augur_dpor_optimal_tree_new ();
  augur_dpor_optimal_tree_insert (nd->wut, w, FALSE);
}

gboolean
augur_dpor_handoff_late_insert (AugurDpor *d, guint k, guint src, const GArray *v, gboolean cut)
{
  if (d->handoff == NULL || !d->handoff->late)
    return FALSE;
  DporNode *nd = g_ptr_array_index (d->nodes, k);
  for (guint x = 0; x < nd->sleep->len; x++)
    if (augur_dpor_optimal_redundant (&g_array_index (nd->sleep, AugurSchedStep, x), v, cut))
      return TRUE;
  g_autoptr (GArray) started = late_started (d, k);
  gboolean after = FALSE;
  for (guint i = 0; i < started->len; i++)
    {
      const AugurSchedStep *e = &g_array_index (started, AugurSchedStep, i);
      gboolean wi = augur_dpor_optimal_weak_initial (e, v);
      if (!after)
        {
          if (augur_dpor_optimal_redundant (e, v, cut))
            return TRUE;   /* explored before, as serially */
          after = e->tid == src;
          continue;
        }
      if (wi)
        {
          g_autoptr (GArray) rest = g_array_copy ((GArray *) v);
          augur_dpor_optimal_remove_first (rest, e->tid);
          late_route (d, k, e->tid, rest);
          return TRUE;
        }
    }
  if (nd->wut == NULL)
    nd->wut = augur_dpor_optimal_tree_new ();
  augur_dpor_optimal_tree_insert (nd->wut, v, FALSE);
  return TRUE;
}

void
augur_dpor_handoff_enable_late (AugurDpor *d)
{
  if (d->handoff == NULL)
    d->handoff = state_new ();
  d->handoff->late = TRUE;
}

GPtrArray *
augur_dpor_handoff_downs (AugurDpor *d)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_dpor_forward_free);
  if (d->handoff != NULL)
    {
      g_ptr_array_extend_and_steal (out, g_steal_pointer (&d->handoff->downs));
      d->handoff->downs = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_dpor_forward_free);
    }
  return out;
}

void
augur_dpor_handoff_apply_down (AugurDpor *d, const AugurDporForward *f)
{
  g_autoptr (GArray) w = g_array_copy (f->seq);
  late_route (d, f->node, f->src, w);
}

gboolean
augur_dpor_handoff_is_late (AugurDpor *d)
{
  return d->handoff != NULL && d->handoff->late;
}

guint64
augur_dpor_handoff_misses (AugurDpor *d)
{
  return d->handoff != NULL ? d->handoff->misses : 0;
}

/* ---- the flat forms ---- */

#define BRANCH_MAGIC 0x42475541u    /* "AUGB" */
#define FORWARD_MAGIC 0x46475541u   /* "AUGF" */

typedef struct {
  guint32 magic, version, node, n_prefix, n_sleep, n_tree, relaxed, relax_below, late;
} BranchHeader;

typedef struct {
  guint32 magic, version, node, n_seq, src, cut;
  guint64 prefix_hash;
} ForwardHeader;

GBytes *
augur_dpor_branch_to_bytes (const AugurDporBranch *b)
{
  BranchHeader h = { BRANCH_MAGIC, 1, b->node, b->prefix->len, b->sleep->len, b->tree->len,
                     b->relaxed, b->relax_below, b->late };
  GByteArray *a = g_byte_array_new ();
  g_byte_array_append (a, (const guint8 *) &h, sizeof h);
  g_byte_array_append (a, (const guint8 *) b->prefix->data, b->prefix->len * sizeof (AugurSchedStep));
  g_byte_array_append (a, (const guint8 *) b->sleep->data, b->sleep->len * sizeof (AugurSchedStep));
  g_byte_array_append (a, (const guint8 *) b->tree->data, b->tree->len * sizeof (AugurDporTreeStep));
  return g_byte_array_free_to_bytes (a);
}

static gpointer
bad_bytes (GError **error, const char *what)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               "a %s message from another worker is malformed: are all workers the same augur "
               "build on machines of the same architecture?", what);
  return NULL;
}

AugurDporBranch *
augur_dpor_branch_from_bytes (GBytes *bytes, GError **error)
{
  gsize len;
  const guint8 *p = g_bytes_get_data (bytes, &len);
  BranchHeader h;
  if (len < sizeof h)
    return bad_bytes (error, "branch");
  memcpy (&h, p, sizeof h);
  guint64 want = sizeof h + ((guint64) h.n_prefix + h.n_sleep) * sizeof (AugurSchedStep)
                 + (guint64) h.n_tree * sizeof (AugurDporTreeStep);
  if (h.magic != BRANCH_MAGIC || h.version != 1 || h.n_prefix != h.node + 1 || h.relaxed > 1
      || h.relax_below > 1 || len != want)
    return bad_bytes (error, "branch");
  AugurDporBranch *b = g_new0 (AugurDporBranch, 1);
  b->node = h.node;
  p += sizeof h;
  b->prefix = steps_new ();
  g_array_append_vals (b->prefix, p, h.n_prefix);
  p += h.n_prefix * sizeof (AugurSchedStep);
  b->sleep = steps_new ();
  g_array_append_vals (b->sleep, p, h.n_sleep);
  p += h.n_sleep * sizeof (AugurSchedStep);
  b->tree = g_array_new (FALSE, FALSE, sizeof (AugurDporTreeStep));
  g_array_append_vals (b->tree, p, h.n_tree);
  b->relaxed = h.relaxed != 0;
  b->relax_below = h.relax_below != 0;
  b->late = h.late != 0;
  /* preorder depths: each at most one more than the one before */
  for (guint k = 0; k < b->tree->len; k++)
    {
      guint32 depth = g_array_index (b->tree, AugurDporTreeStep, k).depth;
      guint32 before = k > 0 ? g_array_index (b->tree, AugurDporTreeStep, k - 1).depth + 1 : 0;
      if (depth > before)
        {
          augur_dpor_branch_free (b);
          return bad_bytes (error, "branch");
        }
    }
  return b;
}

GBytes *
augur_dpor_forward_to_bytes (const AugurDporForward *f)
{
  ForwardHeader h = { FORWARD_MAGIC, 1, f->node, f->seq->len, f->src, f->cut, f->prefix_hash };
  GByteArray *a = g_byte_array_new ();
  g_byte_array_append (a, (const guint8 *) &h, sizeof h);
  g_byte_array_append (a, (const guint8 *) f->seq->data, f->seq->len * sizeof (AugurSchedStep));
  return g_byte_array_free_to_bytes (a);
}

AugurDporForward *
augur_dpor_forward_from_bytes (GBytes *bytes, GError **error)
{
  gsize len;
  const guint8 *p = g_bytes_get_data (bytes, &len);
  ForwardHeader h;
  if (len < sizeof h)
    return bad_bytes (error, "forward");
  memcpy (&h, p, sizeof h);
  if (h.magic != FORWARD_MAGIC || h.version != 1
      || len != sizeof h + (guint64) h.n_seq * sizeof (AugurSchedStep))
    return bad_bytes (error, "forward");
  AugurDporForward *f = g_new0 (AugurDporForward, 1);
  f->node = h.node;
  f->src = h.src;
  f->prefix_hash = h.prefix_hash;
  f->cut = h.cut != 0;
  f->seq = steps_new ();
  g_array_append_vals (f->seq, p + sizeof h, h.n_seq);
  return f;
}
