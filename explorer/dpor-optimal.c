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
 * to the nodes the execution creates.  The tree is a tree of steps
 * (WutNode, dpor-optimal.h), so that inserting a sequence walks one path of it, not every
 * leaf: lastzero(15)'s trees grow to thousands of leaves.
 *
 * "Happens before" inside a sequence: augur_sched_dependent, program
 * order, a thread's creation before its first step, a thread's steps
 * before the join that waits for it.
 */
#include "config.h"

#include "explorer/dpor-optimal.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>

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

/* What is left of a sequence while it goes down a tree: the steps that
 * no node on the way has taken yet.  A taken step is marked, not moved
 * out, so one level of the walk costs the steps it looks at, not a copy
 * of the rest: lbzip2's races span 100,000 steps, and copying what was
 * left at every level spent 80% of its search (255 ms an execution). */
typedef struct
{
  const AugurSchedStep *s;
  guint8 *gone;             /* NULL: none taken */
  guint len;
  guint front;              /* s[..front) are all taken */
  guint left;               /* steps not taken */
} Rest;

static Rest
rest_of (const GArray *w)
{
  return (Rest) { .s = (const AugurSchedStep *) w->data, .len = w->len, .left = w->len };
}

static inline gboolean
taken (const Rest *r, guint a)
{
  return r->gone != NULL && r->gone[a];
}

/* Is thread q, whose next step is x, a weak initial of what is left:
 * either its first step there has nothing before it there, or it has no
 * step there and x is independent of all of it? */
static gboolean
rest_weak_initial (const AugurSchedStep *x, const Rest *r)
{
  for (guint a = r->front; a < r->len; a++)
    if (!taken (r, a) && r->s[a].tid == x->tid)
      {
        for (guint b = r->front; b < a; b++)
          if (!taken (r, b) && ordered (&r->s[b], &r->s[a]))
            return FALSE;
        return TRUE;
      }
  for (guint b = r->front; b < r->len; b++)
    if (!taken (r, b) && (ordered (x, &r->s[b]) || ordered (&r->s[b], x)))
      return FALSE;
  return TRUE;
}

/* Takes thread t's first step that is left (none: nothing changes). */
static void
rest_take_first (Rest *r, guint t)
{
  for (guint a = r->front; a < r->len; a++)
    if (!taken (r, a) && r->s[a].tid == t)
      {
        if (r->gone == NULL)
          r->gone = g_new0 (guint8, r->len);
        r->gone[a] = 1;
        r->left--;
        while (r->front < r->len && r->gone[r->front])
          r->front++;
        return;
      }
}

static gboolean
weak_initial (const AugurSchedStep *x, const GArray *w)
{
  Rest r = rest_of (w);
  return rest_weak_initial (x, &r);
}

/* ---- the steps of the nodes, once per process ----
 *
 * Interned: a step's number is its place in `step_chunks` (chunks of
 * STEP_CHUNK steps, never moved, so reading one takes no lock); the table
 * finds a step's number.  Shared by every core of the process, hence the
 * lock; never freed (a program takes few distinct steps, its trees'
 * nodes are many). */
#define STEP_CHUNK 4096u
#define STEP_CHUNKS 65536u
G_LOCK_DEFINE_STATIC (store);   /* the steps and the nodes (below) */
static GHashTable *step_ids;   /* AugurSchedStep * (in a chunk) -> number + 1 */
AugurSchedStep *augur_dpor_step_chunks[STEP_CHUNKS];
#define step_chunks augur_dpor_step_chunks
G_STATIC_ASSERT (STEP_CHUNK == 4096u);   /* augur_dpor_optimal_step */
static guint32 n_steps;

static guint
step_hash (gconstpointer p)
{
  guint64 w[4];
  memcpy (w, p, sizeof w);   /* AugurSchedStep: 32 bytes, no padding */
  guint64 h = w[0] * 0x9e3779b97f4a7c15u;
  h = (h ^ w[1]) * 0x9e3779b97f4a7c15u;
  h = (h ^ w[2]) * 0x9e3779b97f4a7c15u;
  h = (h ^ w[3]) * 0x9e3779b97f4a7c15u;
  return (guint) (h ^ (h >> 32));
}

static gboolean
step_equal (gconstpointer a, gconstpointer b)
{
  return memcmp (a, b, sizeof (AugurSchedStep)) == 0;
}

/* The number of step @s (under the lock). */
static guint32
step_intern (const AugurSchedStep *s)
{
  G_STATIC_ASSERT (sizeof (AugurSchedStep) == 32);
  if (step_ids == NULL)
    step_ids = g_hash_table_new (step_hash, step_equal);
  guint32 id = GPOINTER_TO_UINT (g_hash_table_lookup (step_ids, s));
  if (id != 0)
    return id - 1;
  id = n_steps;
  if (id / STEP_CHUNK >= STEP_CHUNKS)
    g_error ("more than %u distinct steps in wakeup trees", STEP_CHUNK * STEP_CHUNKS);
  if (step_chunks[id / STEP_CHUNK] == NULL)
    step_chunks[id / STEP_CHUNK] = g_new (AugurSchedStep, STEP_CHUNK);
  AugurSchedStep *at = &step_chunks[id / STEP_CHUNK][id % STEP_CHUNK];
  *at = *s;
  g_hash_table_insert (step_ids, at, GUINT_TO_POINTER (id + 1));
  n_steps = id + 1;
  return id;
}

#define STEP(n) augur_dpor_optimal_step ((n)->step)

/* The nodes: numbered, in one stretch of address space reserved at the
 * first (inaccessible, so neither memory nor commit charge), made usable
 * a slab of NODE_SLAB at a time; the free ones in a list through `next`.
 * Per process as the steps are, under their lock.  A node given back is
 * reused, so the slabs hold as many nodes as the trees held at their
 * largest (augur_dpor_wakeup_nodes), not one per node ever made. */
#define NODE_SLAB 4096u   /* 48 KiB: whole pages */
#define NODES_MAX (1u << 28)
G_STATIC_ASSERT (sizeof (WutNode) == 12);   /* nearly all of a long search's memory */
G_STATIC_ASSERT (NODE_SLAB * sizeof (WutNode) % 4096 == 0);
WutNode *augur_dpor_wut_base;
static guint32 nodes_cap;     /* the numbers the reservation has room for */
static guint32 free_nodes;    /* the first free node's number; 0: none */
static guint64 live_nodes, held_nodes;   /* in the trees; in the slabs */

/* A slab more (under the lock); a clear error if there is no room. */
static void
nodes_grow (void)
{
  if (augur_dpor_wut_base == NULL)
    {
      /* as large as the address space lets (a ulimit -v), 3 GiB at most */
      for (guint32 cap = NODES_MAX; cap >= NODE_SLAB && augur_dpor_wut_base == NULL; cap /= 2)
        {
          void *p = mmap (NULL, (gsize) cap * sizeof (WutNode), PROT_NONE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
          if (p != MAP_FAILED)
            {
              augur_dpor_wut_base = p;
              nodes_cap = cap;
            }
        }
      if (augur_dpor_wut_base == NULL)
        g_error ("no address space for the wakeup trees: %s", g_strerror (errno));
    }
  if (held_nodes + NODE_SLAB > nodes_cap)
    g_error ("the wakeup trees hold %" G_GUINT64_FORMAT " nodes (%" G_GUINT64_FORMAT
             " MiB), all there is room for: the search is too large for optimal DPOR's memory; "
             "--mode dpor keeps no trees", held_nodes, held_nodes * sizeof (WutNode) >> 20);
  WutNode *slab = augur_dpor_wut_base + held_nodes;
  if (mprotect (slab, NODE_SLAB * sizeof (WutNode), PROT_READ | PROT_WRITE) != 0)
    g_error ("out of memory for the wakeup trees (%" G_GUINT64_FORMAT " nodes): %s", held_nodes,
             g_strerror (errno));
  guint32 first = (guint32) held_nodes;
  /* number 0 is no node: the first slab's first node is never handed out */
  for (guint32 i = first == 0 ? 1 : first; i < first + NODE_SLAB; i++)
    augur_dpor_wut_base[i].next = i + 1 < first + NODE_SLAB ? i + 1 : free_nodes;
  free_nodes = first == 0 ? 1 : first;
  held_nodes += NODE_SLAB;
}

WutNode *
augur_dpor_optimal_node_new (const AugurSchedStep *s)
{
  G_LOCK (store);
  if (free_nodes == 0)
    nodes_grow ();
  WutNode *n = augur_wut_at (free_nodes);
  free_nodes = n->next;
  live_nodes++;
  n->child = n->next = 0;
  n->step = step_intern (s);
  G_UNLOCK (store);
  return n;
}

/* Gives back the @count nodes from @first to @last (linked through `next`). */
static void
nodes_release (WutNode *first, WutNode *last, guint64 count)
{
  G_LOCK (store);
  last->next = free_nodes;
  free_nodes = augur_wut_ix (first);
  live_nodes -= count;
  G_UNLOCK (store);
}

void
augur_dpor_wakeup_nodes (guint64 *live, guint64 *held)
{
  G_LOCK (store);
  *live = live_nodes;
  *held = held_nodes;
  G_UNLOCK (store);
}

guint
augur_dpor_wakeup_node_size (void)
{
  return sizeof (WutNode);
}

/* The nodes of the tree list @l and of their subtrees. */
static guint64
list_nodes (const GPtrArray *l)
{
  if (l == NULL)
    return 0;
  guint64 count = 0;
  g_autoptr (GPtrArray) left = g_ptr_array_new ();   /* nodes whose siblings and subtree are still to count */
  for (guint i = 0; i < l->len; i++)
    g_ptr_array_add (left, g_ptr_array_index (l, i));
  while (left->len > 0)
    {
      const WutNode *n = g_ptr_array_steal_index_fast (left, left->len - 1);
      count++;
      if (n->child != 0)
        g_ptr_array_add (left, WUT_CHILD (n));
      if (n->next != 0)
        g_ptr_array_add (left, WUT_NEXT (n));
    }
  return count;
}

guint64
augur_dpor_wakeup_tree_nodes (AugurDpor *d)
{
  guint64 count = list_nodes (d->pending);
  for (guint k = 0; k < d->nodes->len; k++)
    count += list_nodes (((const DporNode *) g_ptr_array_index (d->nodes, k))->wut);
  return count;
}

/* Frees node p and its subtree.  Without recursion: a wakeup tree is as
 * deep as the sequences put in it, which are as long as an execution can
 * be (AUGUR_SCHED_MAX_STEPS); one free per level overflowed the stack on
 * a run cut by the step bound. */
void
augur_dpor_optimal_node_free (gpointer p)
{
  GPtrArray *left = NULL;   /* siblings still to free, with their subtrees */
  WutNode *n = p, *freed = NULL, *last = n;   /* the nodes freed, linked */
  guint64 count = 0;
  if (n != NULL)
    n->next = 0;
  while (n != NULL)
    {
      WutNode *next = WUT_NEXT (n);
      if (n->child != 0)
        {
          if (next != NULL)
            {
              if (left == NULL)
                left = g_ptr_array_new ();
              g_ptr_array_add (left, next);
            }
          next = WUT_CHILD (n);
        }
      n->next = augur_wut_ix (freed);
      freed = n;
      count++;
      n = next != NULL ? next
          : left != NULL && left->len > 0 ? g_ptr_array_steal_index_fast (left, left->len - 1) : NULL;
    }
  if (left != NULL)
    g_ptr_array_unref (left);
  if (freed != NULL)
    nodes_release (freed, last, count);
}

static GPtrArray *
wut_list_new (void)
{
  return g_ptr_array_new_with_free_func (augur_dpor_optimal_node_free);
}

GPtrArray *
augur_dpor_optimal_tree_new (void)
{
  return wut_list_new ();
}

/* The linked list of the nodes of root list @l (emptied), in order. */
static WutNode *
list_link (GPtrArray *l)
{
  guint32 head = 0, *tail = &head;
  for (guint i = 0; i < l->len; i++)
    {
      *tail = augur_wut_ix (g_ptr_array_index (l, i));
      tail = &augur_wut_at (*tail)->next;
    }
  *tail = 0;
  g_ptr_array_set_free_func (l, NULL);
  g_ptr_array_set_size (l, 0);
  g_ptr_array_set_free_func (l, augur_dpor_optimal_node_free);
  return augur_wut_at (head);
}

/* Appends node n (owned, no siblings) to the root list `to`, merged into a
 * sibling of the same thread if there is one (its children then merged
 * into the sibling's, and so on down).  Without recursion (see
 * augur_dpor_optimal_node_free): the merges wait in a queue, each list's
 * in the order of its source, so that every list gets its new nodes in
 * order, as depth first would. */
static void
wut_add (GPtrArray *to, WutNode *n)
{
  GQueue work = G_QUEUE_INIT;   /* (parent, node) pairs still to add below parent */
  WutNode *parent = NULL;       /* NULL: into `to` */
  for (;;)
    {
      WutNode *m = NULL;
      guint32 *tail = NULL;
      guint tid = WUT_TID (n);
      if (parent == NULL)
        {
          for (guint i = 0; i < to->len && m == NULL; i++)
            if (WUT_TID ((WutNode *) g_ptr_array_index (to, i)) == tid)
              m = g_ptr_array_index (to, i);
        }
      else
        for (tail = &parent->child; *tail != 0 && m == NULL; tail = &augur_wut_at (*tail)->next)
          if (WUT_TID (augur_wut_at (*tail)) == tid)
            m = augur_wut_at (*tail);
      if (m == NULL)
        {
          n->next = 0;
          if (parent == NULL)
            g_ptr_array_add (to, n);
          else
            *tail = augur_wut_ix (n);
        }
      else
        {
          for (WutNode *c = WUT_CHILD (n); c != NULL; c = WUT_NEXT (c))
            {
              g_queue_push_tail (&work, m);
              g_queue_push_tail (&work, c);
            }
          nodes_release (n, n, 1);
        }
      if (g_queue_is_empty (&work))
        return;
      parent = g_queue_pop_head (&work);
      n = g_queue_pop_head (&work);
    }
}

/* The chain of nodes for the steps left (NULL if none). */
static WutNode *
wut_chain (const Rest *r)
{
  guint32 head = 0, *at = &head;
  for (guint k = r->front; k < r->len; k++)
    if (!taken (r, k))
      {
        WutNode *n = augur_dpor_optimal_node_new (&r->s[k]);
        *at = augur_wut_ix (n);
        at = &n->child;
      }
  return augur_wut_at (head);
}

/* Inserts v into the wakeup tree whose root's children are `wut`. */
static void
wut_insert_from (GPtrArray *wut, const GArray *v, gboolean below_root)
{
  Rest w = rest_of (v);
  WutNode *parent = NULL;   /* the level's: NULL for `wut` */
  for (;;)
    {
      gboolean empty = parent != NULL ? parent->child == 0 : wut->len == 0;
      if (below_root && empty)
        break;             /* a leaf that v extends: explored as part of it */
      if (w.left == 0 && !empty)
        break;             /* v is a branch of the tree already */
      /* the first child whose step is a weak initial of what is left of
       * v is the way down */
      WutNode *chosen = NULL;
      guint32 *tail = NULL;
      if (parent == NULL)
        {
          for (guint i = 0; i < wut->len && chosen == NULL; i++)
            {
              WutNode *c = g_ptr_array_index (wut, i);
              if (rest_weak_initial (STEP (c), &w))
                chosen = c;
            }
        }
      else
        for (tail = &parent->child; *tail != 0 && chosen == NULL; tail = &augur_wut_at (*tail)->next)
          if (rest_weak_initial (STEP (augur_wut_at (*tail)), &w))
            chosen = augur_wut_at (*tail);
      if (chosen == NULL)
        {
          WutNode *chain = wut_chain (&w);
          if (chain != NULL && parent == NULL)
            g_ptr_array_add (wut, chain);
          else if (chain != NULL)
            *tail = augur_wut_ix (chain);
          break;
        }
      rest_take_first (&w, WUT_TID (chosen));
      parent = chosen;
      below_root = TRUE;
    }
  g_free (w.gone);
}

static void
wut_insert (GPtrArray *wut, const GArray *v)
{
  wut_insert_from (wut, v, FALSE);
}

void
augur_dpor_optimal_tree_insert (GPtrArray *list, const GArray *v, gboolean below_root)
{
  wut_insert_from (list, v, below_root);
}

gboolean
augur_dpor_optimal_weak_initial (const AugurSchedStep *x, const GArray *w)
{
  return weak_initial (x, w);
}

void
augur_dpor_optimal_remove_first (GArray *w, guint t)
{
  for (guint a = 0; a < w->len; a++)
    if (g_array_index (w, AugurSchedStep, a).tid == t)
      {
        g_array_remove_index (w, a);
        return;
      }
}

/* May step s, run before e' in a reversal, go otherwise than it went
 * after e'?  The pass's clocks order a step after what it read or
 * synchronised with; they do not order a try or timed lock that failed
 * after the acquisition that made it fail, a timeout or clock jump after
 * what kept the thread waiting, a wake-up or signal after the waiter it
 * found or missed, or a delivery after its kill. */
static gboolean
outcome_unordered (const DporPass *p, const AugurSchedStep *s)
{
  const guint sxf = AUGUR_SXF_TRY | AUGUR_SXF_CLOCK_JUMP | AUGUR_SXF_CLOCK | AUGUR_SXF_SPURIOUS
                    | AUGUR_SXF_NEEDS_WAKER | AUGUR_SXF_NO_WAITER | AUGUR_SXF_AWOKEN
                    | AUGUR_SXF_RESUMED;
  return p->has_kill || s->op == AUGUR_SOP_TRYLOCK_FAIL
         || (s->flags & (AUGUR_SF_TIMED | AUGUR_SF_TIMEOUT | AUGUR_SF_FAILED)) != 0
         || (s->xflags & sxf) != 0;
}

/* The oldest of the @n pending signals (their ranks, oldest first) that a
 * thread waiting since rank @since is a candidate for, or @n. */
static guint
pending_for (const guint64 *sig, guint n, guint64 since)
{
  guint k = 0;
  while (k < n && sig[k] < since)
    k++;
  return k;
}

/* Can the condition wake-up that ends @v run after steps[0..i) and the
 * rest of @v?  As the runtime decides it (runtime/rt-sched-condsig.c): a
 * signal that finds more blocked waiters than pending signals leaves one
 * pending, which the first wake-up of a thread that waited before it
 * takes; a broadcast wakes them all, and an unsignalled wake-up
 * (spurious, or a timeout) is left to a thread only until a signal wakes
 * it.  A reversal that moves a waiter's wake-up where no signal is left
 * for it, or where it has had its unsignalled one, is an infeasible run
 * (two consumers of a pipe freed with one signal: 16% of the runs).
 * Steps in that order are a subsequence of the execution, so only the
 * replay of the condition's waits, signals and wake-ups can tell;
 * anything it cannot judge (a timed wait, a kill, a wait not in the
 * sequence) is taken as possible. */
static gboolean
wake_possible (const DporPass *p, guint i, const GArray *v)
{
  const AugurSchedStep *seq = (const AugurSchedStep *) v->data;
  const AugurSchedStep *w = &seq[v->len - 1];
  if (w->op != AUGUR_SOP_COND_WAKE || (w->flags & AUGUR_SF_TIMED) || p->has_kill
      || w->tid >= p->T)
    return TRUE;
  guint T = p->T;
  guint64 order[T];     /* 0: not waiting on the condition, else its wait's rank */
  guint64 sig[T];       /* the pending signals' ranks, oldest first */
  guint8 signalled[T], unsignalled_used[T];
  memset (order, 0, sizeof order);
  memset (signalled, 0, sizeof signalled);
  memset (unsignalled_used, 0, sizeof unsignalled_used);
  guint64 rank = 0;
  guint n = 0;
  for (guint k = 0; k + 1 < i + v->len; k++)
    {
      const AugurSchedStep *s = k < i ? &p->s[k] : &seq[k - i];
      guint t = s->tid;
      if (t >= T)
        return TRUE;
      if (s->op == AUGUR_SOP_COND_WAKE)
        {
          /* any condition's: the left unsignalled wake-up is the thread's */
          if (s->obj == w->obj)
            {
              guint c = order[t] != 0 && !signalled[t] ? pending_for (sig, n, order[t]) : n;
              if (c < n)
                {
                  memmove (&sig[c], &sig[c + 1], (n - c - 1) * sizeof sig[0]);
                  n--;
                  signalled[t] = 1;
                }
              unsignalled_used[t] = !signalled[t];
              order[t] = 0;
              signalled[t] = 0;
            }
          else
            unsignalled_used[t] = (s->xflags & AUGUR_SXF_SPURIOUS) || (s->flags & AUGUR_SF_TIMEOUT);
        }
      else if (s->op == AUGUR_SOP_COND_WAIT && s->obj == w->obj)
        {
          order[t] = ++rank;
          signalled[t] = 0;
        }
      else if ((s->op == AUGUR_SOP_SIGNAL || s->op == AUGUR_SOP_BROADCAST) && s->obj == w->obj)
        {
          guint waiters = 0;
          guint64 oldest = G_MAXUINT64;
          for (guint u = 0; u < T; u++)
            if (order[u] != 0 && !signalled[u])
              {
                waiters++;
                oldest = MIN (oldest, order[u]);
                signalled[u] |= s->op == AUGUR_SOP_BROADCAST;
              }
          guint c = s->op == AUGUR_SOP_BROADCAST ? n : pending_for (sig, n, oldest);
          memmove (sig, &sig[c], (n - c) * sizeof sig[0]);
          n -= c;
          ++rank;
          if (s->op == AUGUR_SOP_SIGNAL && waiters > n && n < T)
            sig[n++] = rank;
        }
    }
  return order[w->tid] == 0 || signalled[w->tid] || pending_for (sig, n, order[w->tid]) < n
         || !unsignalled_used[w->tid];
}

void
augur_dpor_optimal_race (DporPass *p, guint i, guint j)
{
  AugurDpor *d = p->d;
  if (i >= d->nodes->len)
    return;
  DporNode *nd = g_ptr_array_index (d->nodes, i);
  guint ti = p->s[i].tid, tj = p->s[j].tid;
  guint32 need = p->li[i] + 1, need_j = p->li[j] + 1;
  GArray *v = p->v;   /* the pass's, reused */
  /* v = notdep(e, E).e': notdep runs to the end of E, past e', so that
   * the steps after e' that happen after neither come before the leaf.
   * Cut at e', v leaves them to whatever the run after the leaf chooses,
   * and a sleeping thread that commutes with the cut v but not with them
   * is taken for explored (traces lost) unless, kept awake, it blocks
   * runs.  A step whose outcome the clocks do not order cuts v there
   * (outcome_unordered): a cut v is redundant for a sleeping thread only
   * if the thread runs in it. */
  guint end = MIN (MAX (j + 1, p->n_real), p->clocked);
  g_array_set_size (v, end - i);
  AugurSchedStep *out = (AugurSchedStep *) v->data;
  guint len = 0;
  gboolean cut = p->clocked < p->n_real;
  for (guint k = i + 1; k < end; k++)
    {
      if (k == j)
        continue;
      const guint32 *c = p->clk + k * p->T;
      if (c[ti] >= need)
        continue;           /* happens after e: not in notdep(e, E) */
      if (k >= p->n_real)
        continue;           /* another blocked thread's pending step: it never ran */
      if (k > j && c[tj] >= need_j)
        continue;           /* happens after e' (which a race need not happen after e) */
      if (k > j && outcome_unordered (p, &p->s[k]))
        {
          cut = TRUE;
          break;
        }
      out[len++] = p->s[k];
    }
  out[len++] = p->s[j];
  g_array_set_size (v, len);
  if (!wake_possible (p, i, v))
    return;
  /* a core exploring a handed-out branch does not own its fixed nodes:
   * the reversal goes to their owner (dpor-handoff.c) */
  if (i < d->fixed && d->handoff != NULL)
    {
      augur_dpor_handoff_collect (d, i, p->s[i].tid, v, cut);
      return;
    }
  if (d->handoff != NULL && augur_dpor_handoff_late_insert (d, i, p->s[i].tid, v, cut))
    return;
  augur_dpor_optimal_insert (nd, v, NULL, cut);
}

/* Does thread t take a step in w? */
static gboolean
has_step (const GArray *w, guint t)
{
  for (guint a = 0; a < w->len; a++)
    if (g_array_index (w, AugurSchedStep, a).tid == t)
      return TRUE;
  return FALSE;
}

/* A sleeping thread whose next step is x is redundant for v when it runs
 * in v with nothing before it (an initial of v), or does not run in v
 * and commutes with all of it (a weak initial): the executions that start
 * with v are explored under its branch (Algorithm 2: the sleep set meets
 * WI(v)).  The weak initial needs v to be all of notdep(e, E).e'
 * (augur_dpor_optimal_race).  With v cut at e', a thread commuting with
 * the cut v but not with a step after e' was taken for explored, and
 * traces were lost (tests/explorer/chain_order.c: 15 of 16 executions);
 * the cure tried before, not counting such a weak initial when a step
 * after e' would wake it, made lastzero(15) run 274,431 sleep-set blocked
 * executions beside its 147,456. */
gboolean
augur_dpor_optimal_redundant (const AugurSchedStep *x, const GArray *v, gboolean cut)
{
  if (!weak_initial (x, v))
    return FALSE;
  return !cut || has_step (v, x->tid);
}

void
augur_dpor_optimal_insert (DporNode *nd, const GArray *v, const AugurSchedStep *in_flight,
                           gboolean cut)
{
  /* a sleeping thread for which v is redundant: explored already.
   * Relaxed (in a split search, below a branch that started while a
   * branch before it was still explored elsewhere): only a thread that
   * runs in v makes it redundant (doc/design.md, "Splitting the
   * search") */
  for (int pass = 0; pass < 2; pass++)
    {
      const GArray *a = pass == 0 ? nd->sleep : nd->done_ev;
      for (guint k = 0; k < a->len; k++)
        {
          const AugurSchedStep *x = &g_array_index (a, AugurSchedStep, k);
          if (nd->relaxed && !has_step (v, x->tid))
            continue;
          if (augur_dpor_optimal_redundant (x, v, cut))
            return;
        }
    }
  if (in_flight != NULL && augur_dpor_optimal_redundant (in_flight, v, cut))
    return;
  if (nd->wut == NULL)
    nd->wut = wut_list_new ();
  wut_insert (nd->wut, v);
}

void
augur_dpor_optimal_add_branch (DporNode *nd, const AugurSchedStep *step)
{
  /* a branch of its own, not merged by weak initials: a spurious wake-up
   * is optional (an execution need not have it), so another thread's
   * wake-up first does not cover it */
  if (nd->wut == NULL)
    nd->wut = wut_list_new ();
  wut_add (nd->wut, augur_dpor_optimal_node_new (step));
}

/* The execution that follows the branch @first of node k's tree: the
 * prefix to k, then the branch's leftmost path; the sleep set before its
 * last step, from the node's sleep set and @done_ev (its done steps then). */
static void
branch_of (AugurDpor *d, guint k, const WutNode *first, const GArray *done_ev, GArray *prefix,
           GArray *sleep)
{
  const DporNode *nd = g_ptr_array_index (d->nodes, k);
  g_array_set_size (prefix, 0);
  g_array_append_vals (prefix, d->steps->data, k);
  for (const WutNode *n = first; n != NULL; n = WUT_CHILD (n))
    g_array_append_vals (prefix, STEP (n), 1);
  /* the sleep set before the branch's last step: the runtime applies
   * the steps from there on */
  g_array_set_size (sleep, 0);
  g_array_append_vals (sleep, nd->sleep->data, nd->sleep->len);
  g_array_append_vals (sleep, done_ev->data, done_ev->len);
  for (guint b = k; b + 1 < prefix->len; b++)
    {
      const AugurSchedStep *s = &g_array_index (prefix, AugurSchedStep, b);
      guint w = 0;
      for (guint x = 0; x < sleep->len; x++)
        {
          AugurSchedStep e = g_array_index (sleep, AugurSchedStep, x);
          if (e.tid != s->tid && !augur_sched_dependent (s, &e))
            g_array_index (sleep, AugurSchedStep, w++) = e;
        }
      g_array_set_size (sleep, w);
    }
}

void
augur_dpor_optimal_take (AugurDpor *d, guint k, GArray *prefix, GArray *sleep)
{
  DporNode *nd = g_ptr_array_index (d->nodes, k);
  /* the leftmost branch is run; the subtree below its first step goes
   * with the execution, the rest of the tree stays */
  WutNode *first = g_ptr_array_steal_index (nd->wut, 0);
  branch_of (d, k, first, nd->done_ev, prefix, sleep);
  g_clear_pointer (&d->pending, g_ptr_array_unref);
  d->pending = wut_list_new ();
  for (WutNode *c = WUT_CHILD (first), *next; c != NULL; c = next)
    {
      next = WUT_NEXT (c);
      c->next = 0;
      g_ptr_array_add (d->pending, c);
    }
  first->child = 0;
  d->branch_at = k;
  d->branch_first = *STEP (first);
  augur_tidset_add (&nd->done, WUT_TID (first));
  /* branches before it still explored elsewhere (dpor-handoff.c) */
  nd->relax_below = !augur_tidset_empty (&nd->handed) && !augur_dpor_handoff_is_late (d);
  augur_dpor_optimal_node_free (first);
  augur_dpor_nodes_cut (d, k + 1);
  d->prefix_len = k + 1;
}

gboolean
augur_dpor_optimal_next (AugurDpor *d, GArray *prefix, GArray *sleep)
{
  d->held = FALSE;
  for (guint k = d->nodes->len; k-- > d->fixed;)
    {
      DporNode *nd = g_ptr_array_index (d->nodes, k);
      if (nd->wut != NULL && nd->wut->len > 0)
        {
          augur_dpor_optimal_take (d, k, prefix, sleep);
          return TRUE;
        }
      if (!augur_tidset_empty (&nd->handed))
        {
          /* a branch of this node is explored elsewhere: its races may
           * still add branches here or above (dpor-handoff.c) */
          d->held = TRUE;
          return FALSE;
        }
    }
  return FALSE;
}

void
augur_dpor_optimal_ahead (AugurDpor *d, AugurDporAheadFunc func, gpointer user_data)
{
  g_autoptr (GArray) prefix = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  g_autoptr (GArray) sleep = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  g_autoptr (GArray) done_ev = g_array_new (FALSE, FALSE, sizeof (AugurSchedStep));
  for (guint k = d->nodes->len; k-- > d->fixed;)
    {
      DporNode *nd = g_ptr_array_index (d->nodes, k);
      if (nd->wut == NULL || nd->wut->len == 0)
        continue;
      /* the done steps each branch will see: the node's, the branch
       * taken last if its execution is not back yet, the branches before
       * it in the tree (taken first, left to right) */
      g_array_set_size (done_ev, 0);
      g_array_append_vals (done_ev, nd->done_ev->data, nd->done_ev->len);
      if (d->pending != NULL && d->branch_at == k)
        augur_dpor_set_done_ev (done_ev, &d->branch_first);
      for (guint i = 0; i < nd->wut->len; i++)
        {
          const WutNode *first = g_ptr_array_index (nd->wut, i);
          branch_of (d, k, first, done_ev, prefix, sleep);
          if (!func (k, prefix, sleep, user_data))
            return;
          augur_dpor_set_done_ev (done_ev, STEP (first));
        }
    }
}

void
augur_dpor_optimal_hand_down (AugurDpor *d, const AugurSchedStep *steps, guint n, guint from)
{
  /* the subtree below the branch the execution took: at each node, the
   * children of another thread stay there, the one of the thread that
   * ran leads on */
  g_autoptr (GPtrArray) pending = g_steal_pointer (&d->pending);
  WutNode *cur = pending != NULL ? list_link (pending) : NULL;
  for (guint k = from; cur != NULL && k < n && k < d->nodes->len; k++)
    {
      DporNode *nd = g_ptr_array_index (d->nodes, k);
      WutNode *next = NULL;
      gboolean led = FALSE;
      if (nd->wut == NULL)
        nd->wut = wut_list_new ();
      while (cur != NULL)
        {
          WutNode *c = cur;
          cur = WUT_NEXT (c);
          c->next = 0;
          if (WUT_TID (c) == steps[k].tid && !led)
            {
              led = TRUE;
              next = WUT_CHILD (c);
              c->child = 0;
              augur_dpor_optimal_node_free (c);
            }
          else
            wut_add (nd->wut, c);
        }
      cur = next;
    }
  while (cur != NULL)
    {
      WutNode *c = cur;
      cur = WUT_NEXT (c);
      augur_dpor_optimal_node_free (c);
    }
}

void
augur_dpor_optimal_drop (AugurDpor *d, guint at)
{
  /* The branch ran d->branch_first at node branch_at, then the leftmost
   * path of d->pending; its step at @at could not run.  The branches of
   * the subtree that leave that path before it are still to run (an
   * infeasible semaphore wait does not make the post beside it one): they
   * go back to node branch_at under the same first step.  The node that
   * could not run goes, with its subtree, and so does a node left with
   * no children by that (its branch was only the way there). */
  g_autoptr (GPtrArray) pending = g_steal_pointer (&d->pending);
  if (pending == NULL || at <= d->branch_at || d->branch_at >= d->nodes->len)
    return;   /* the first step could not run: everything below it starts with it */
  guint depth = at - d->branch_at;   /* pending is the list at depth 1 */
  g_autoptr (GPtrArray) path = g_ptr_array_new ();   /* path[i - 1]: the first node at depth i */
  for (WutNode *n = pending->len > 0 ? g_ptr_array_index (pending, 0) : NULL;
       n != NULL && path->len < depth; n = WUT_CHILD (n))
    g_ptr_array_add (path, n);
  if (path->len < depth)
    return;   /* the path is shorter than the prefix: not a branch of this tree */
  /* removes the first node at depth i; TRUE if its list is empty then */
  for (guint i = depth; i >= 1; i--)
    {
      if (i == 1)
        {
          g_ptr_array_remove_index (pending, 0);
          break;
        }
      WutNode *owner = g_ptr_array_index (path, i - 2);
      WutNode *gone = WUT_CHILD (owner);
      owner->child = gone->next;
      augur_dpor_optimal_node_free (gone);
      if (owner->child != 0)
        break;
    }
  if (pending->len == 0)
    return;
  WutNode *r = augur_dpor_optimal_node_new (&d->branch_first);
  r->child = augur_wut_ix (list_link (pending));
  DporNode *nd = g_ptr_array_index (d->nodes, d->branch_at);
  if (nd->wut == NULL)
    nd->wut = wut_list_new ();
  wut_add (nd->wut, r);
}

guint
augur_dpor_optimal_left (const DporNode *nd)
{
  return nd->wut != NULL ? nd->wut->len : 0;
}
