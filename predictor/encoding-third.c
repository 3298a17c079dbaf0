/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * encoding-third.c — the third threads of a query: those other than the
 * two whose windows it reorders, which its schedule runs as far as the
 * windows need them (to write what a window reads, or for a clock).
 * The fast encoding leaves them out; when its schedule would have one
 * take a lock a window holds, or read other than what it read
 * (augur_enc_schedule_consistent), the query is encoded again with
 * their sections (augur_enc_third_threads).
 */
#include "config.h"

#include "predictor/encoding-private.h"

/* The locks of third threads' sections open somewhere in the windows'
 * span, that a window also takes: a third thread the schedule runs
 * through one must not be in it while a window is (empty unless the
 * query encodes its third threads). */
void
augur_enc_third_locks (Enc *x)
{
  const AugurPredModel *m = x->m;
  x->third_locks = g_hash_table_new (NULL, NULL);
  if (!x->third)
    return;
  guint32 span = 0;
  for (guint side = 0; side < 2; side++)
    if (x->end[side] != AUGUR_PRED_NONE && x->end[side] >= x->s[side])
      span = MAX (span, augur_pred_model_event (m, x->t[side], x->end[side]));
  for (guint u = 0; u < m->n_threads; u++)
    {
      if (side_of (x, u) >= 0)
        continue;
      GArray *all = m->threads[u].cs;
      for (guint i = 0; i < all->len; i++)
        {
          const AugurPredCS *c = &g_array_index (all, AugurPredCS, i);
          if (c->acq > span)
            break;
          gpointer lock = GUINT_TO_POINTER (c->lock + 1);
          if ((c->rel == AUGUR_PRED_NONE || c->rel >= x->q->lo)
              && (g_hash_table_contains (x->cs_locks[0], lock)
                  || g_hash_table_contains (x->cs_locks[1], lock)))
            g_hash_table_add (x->third_locks, lock);
        }
    }
}

/* The variable of a third thread's event (a write a window reads, or
 * the acquire or release of a section it runs through), with its
 * happens-before edges to the two windows (created once).  FALSE, and no
 * variable, when it needs an event past a window's end. */
gboolean
augur_enc_third_event (Enc *x, guint32 w)
{
  if (has_var (x, w))
    return TRUE;
  const AugurPredModel *m = x->m;
  for (guint side = 0; side < 2; side++)
    {
      guint32 k = augur_pred_model_vc (m, w, x->t[side]);
      if (x->kept[side]->len > 0 && k > x->s[side] && k - 1 > x->end[side])
        return FALSE;
    }
  new_var (x, w);
  guint u = thread_of (x, w);
  for (guint side = 0; side < 2; side++)
    {
      GArray *kp = x->kept[side];
      if (kp->len == 0)
        continue;
      /* predecessors of w in t: the window event at or after the last one
       * (or, past the last event with a variable, that event, after which
       * the rest of the window runs at once: build_schedule) */
      guint32 k = augur_pred_model_vc (m, w, x->t[side]);
      if (k > x->s[side])
        {
          gint i = kept_at_or_after (x, side, k - 1);
          assert_lt (x, g_array_index (kp, guint32, i >= 0 ? (guint) i : kp->len - 1), w);
        }
      /* successors of w in t: the first window event that knows w */
      guint a = augur_pred_model_not_knowing (m, kp, u, w);
      if (a < kp->len)
        assert_lt (x, w, g_array_index (kp, guint32, a));
    }
  return TRUE;
}

/* Did a window's thread have a section on c's lock, past its window's
 * end, that began before c in the recorded run?  Then c, kept in the
 * recorded order, would need it, which the schedule never runs: the
 * worker's decrement of a counter that another worker's decrement read
 * (C-Thread-Pool's num_threads_working: without it, thpool_wait seemed to
 * return before the first job's write).  Sets past_end. */
static gboolean
after_window_section (Enc *x, const AugurPredCS *c)
{
  const AugurPredModel *m = x->m;
  for (guint side = 0; side < 2; side++)
    {
      guint t = x->t[side];
      guint32 end = x->end[side] != AUGUR_PRED_NONE && x->end[side] >= x->s[side]
                      ? augur_pred_model_event (m, t, x->end[side]) : x->q->lo;
      GArray *all = m->threads[t].cs;
      for (guint i = 0; i < all->len; i++)
        {
          const AugurPredCS *d = &g_array_index (all, AugurPredCS, i);
          if (d->acq >= c->acq)
            break;
          if (d->lock == c->lock && d->acq > end
              && !(d->mode == AUGUR_LOCK_SHARED && c->mode == AUGUR_LOCK_SHARED))
            {
              x->past_end = TRUE;
              return TRUE;
            }
        }
    }
  return FALSE;
}

/* One third thread's section c that the schedule runs (part of) against
 * the windows' sections on its lock: the one that began first in the
 * recorded run is over before the other begins.  The recorded order, not
 * a choice of either: the windows are what a prediction reorders, and a
 * disjunction per pair of sections of a thread pool's workers made Z3
 * time out (make bench-predict's pool: 0.4 s to 168 s).  A release that
 * cannot run within the windows leaves the lock held.  FALSE: the query
 * cannot be kept (its acquire needs an event past a window). */
static gboolean
third_section (Enc *x, const AugurPredCS *c)
{
  guint32 A = c->acq >= x->q->lo ? c->acq : AUGUR_PRED_NONE;
  guint32 R = c->rel;
  if (A != AUGUR_PRED_NONE && (after_window_section (x, c) || !augur_enc_third_event (x, A)))
    return FALSE;
  if (R != AUGUR_PRED_NONE && !augur_enc_third_event (x, R))
    R = AUGUR_PRED_NONE;
  for (guint side = 0; side < 2 && !x->unsat; side++)
    {
      /* the side's last section on the lock that began before c, and its
       * first after: program order in the window orders the others */
      const AugurPredCS *before = NULL, *after = NULL;
      for (guint i = 0; i < x->cs[side]->len && after == NULL; i++)
        {
          const AugurPredCS *d = &g_array_index (x->cs[side], AugurPredCS, i);
          if (d->lock != c->lock || (d->mode == AUGUR_LOCK_SHARED && c->mode == AUGUR_LOCK_SHARED))
            continue;
          if (d->acq == AUGUR_PRED_NONE)
            {
              if (A == AUGUR_PRED_NONE)
                continue;   /* both held at lo: the recorded run says otherwise */
              before = d;
            }
          else if (d->acq < c->acq)
            before = d;
          else
            after = d;
        }
      if (before != NULL)
        {
          if (before->rel == AUGUR_PRED_NONE || !has_var (x, before->rel) || A == AUGUR_PRED_NONE)
            x->unsat = TRUE;
          else
            assert_lt (x, before->rel, A);
        }
      if (after != NULL && !x->unsat)
        {
          if (R == AUGUR_PRED_NONE || !has_var (x, after->acq))
            x->unsat = TRUE;
          else
            assert_lt (x, R, after->acq);
        }
    }
  return TRUE;
}

static gint
u64_cmp (gconstpointer a, gconstpointer b)
{
  guint64 p = *(const guint64 *) a, q = *(const guint64 *) b;
  return p < q ? -1 : p > q;
}

/* The third threads' variables a query may add (at least; as many as the
 * windows have otherwise): Z3's difference logic slowed tenfold when a
 * thread pool's workers added a thousand to a hundred (make
 * bench-predict's pool). */
#define MAX_THIRD_VARS 256u

/* How far the schedule runs the third threads, and what they must not
 * do on the way.  A third thread runs up to the last of its events that
 * happens before an event with a variable (emit_third); its sections on
 * the windows' locks on the way exclude the windows' sections on them
 * (third_section).  An encoded acquire or release may take it, or another
 * third thread through its clock, further: repeated until nothing is
 * added.  Then program order among each third thread's variables.
 *
 * Their accesses are not encoded.  The sections keep their recorded order
 * against the windows' sections, so a third thread's read under the lock
 * that guards its variable (the test of a condition wait's predicate)
 * still sees its recorded writer; a read of a racy variable may not. */
void
augur_enc_third_threads (Enc *x)
{
  const AugurPredModel *m = x->m;
  if (g_hash_table_size (x->third_locks) == 0)
    return;
  g_autofree guint32 *reach = g_new0 (guint32, m->n_threads);
  g_autofree guint *next = g_new0 (guint, m->n_threads);   /* sections done */
  guint counted = 0;   /* variables whose clocks are in reach */
  guint limit = x->vars->len + MAX (MAX_THIRD_VARS, x->vars->len);
  while (counted < x->vars->len && !x->reject && !x->unsat && within_limits (x))
    {
      if (x->vars->len > limit)
        {
          x->third_over = TRUE;
          return;
        }
      for (; counted < x->vars->len; counted++)
        {
          guint32 g = g_array_index (x->var_event, guint32, counted);
          for (guint u = 0; u < m->n_threads; u++)
            if (side_of (x, u) < 0)
              reach[u] = MAX (reach[u], augur_pred_model_vc (m, g, u));
        }
      for (guint u = 0; u < m->n_threads && !x->reject && !x->unsat; u++)
        {
          if (side_of (x, u) >= 0)
            continue;
          GArray *all = m->threads[u].cs;
          for (; next[u] < all->len && !x->unsat; next[u]++)
            {
              const AugurPredCS *c = &g_array_index (all, AugurPredCS, next[u]);
              if (c->acq >= x->q->lo && m->tidx[c->acq] >= reach[u])
                break;   /* not reached (yet) */
              if ((c->rel != AUGUR_PRED_NONE && c->rel < x->q->lo)
                  || !g_hash_table_contains (x->third_locks, GUINT_TO_POINTER (c->lock + 1)))
                continue;
              if (!third_section (x, c))
                x->reject = TRUE;
            }
        }
    }
  if (x->reject || x->unsat)
    return;
  /* program order of each third thread's variables, sorted by thread and
   * then global index (which is program order within a thread) */
  g_autoptr (GArray) third = g_array_new (FALSE, FALSE, sizeof (guint64));
  for (guint i = 0; i < x->var_event->len; i++)
    {
      guint32 g = g_array_index (x->var_event, guint32, i);
      guint64 key = (guint64) thread_of (x, g) << 32 | g;
      if (side_of (x, thread_of (x, g)) < 0)
        g_array_append_val (third, key);
    }
  g_array_sort (third, u64_cmp);
  for (guint i = 1; i < third->len; i++)
    {
      guint64 a = g_array_index (third, guint64, i - 1), b = g_array_index (third, guint64, i);
      if (a >> 32 == b >> 32)
        assert_lt (x, (guint32) a, (guint32) b);
    }
}

/* The locks event g of thread u takes and gives back: the difference
 * between the snapshots before it and before u's next event. */
static void
lock_changes (const AugurPredModel *m, guint u, guint32 g, GArray **before, GArray **after)
{
  *before = g_ptr_array_index (m->locksets, m->lockset[g]);
  guint32 k = m->tidx[g] + 1;
  *after = k < m->threads[u].events->len
             ? g_ptr_array_index (m->locksets, m->lockset[augur_pred_model_event (m, u, k)])
             : *before;
}

static gboolean
held_has (GArray *held, guint32 lock)
{
  for (guint i = 0; i < held->len; i++)
    if (g_array_index (held, AugurPredHeld, i).lock == lock)
      return TRUE;
  return FALSE;
}

/* Who holds which lock, as the schedule runs: exclusive owners and the
 * number of shared holders. */
typedef struct {
  GHashTable *owner;    /* lock+1 -> thread+1 */
  GHashTable *shared;   /* lock+1 -> holders */
} Holders;

static void
add_shared (Holders *hs, gpointer key, gint delta)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (hs->shared, key));
  g_hash_table_insert (hs->shared, key, GUINT_TO_POINTER (n + delta));
}

/* Thread u takes the lock of h: FALSE if another thread holds it in a
 * mode that excludes h's. */
static gboolean
take (Holders *hs, const AugurPredHeld *h, guint u)
{
  gpointer key = GUINT_TO_POINTER (h->lock + 1);
  guint holder = GPOINTER_TO_UINT (g_hash_table_lookup (hs->owner, key));
  if (holder != 0 && holder != u + 1)
    return FALSE;
  if (h->mode == AUGUR_LOCK_SHARED)
    add_shared (hs, key, 1);
  else if (GPOINTER_TO_UINT (g_hash_table_lookup (hs->shared, key)) > 0)
    return FALSE;
  else
    g_hash_table_insert (hs->owner, key, GUINT_TO_POINTER (u + 1));
  return TRUE;
}

static void
give (Holders *hs, const AugurPredHeld *h)
{
  gpointer key = GUINT_TO_POINTER (h->lock + 1);
  if (h->mode == AUGUR_LOCK_SHARED)
    add_shared (hs, key, -1);
  else
    g_hash_table_remove (hs->owner, key);
}

/* Does the schedule keep what the third threads need, which the fast
 * encoding leaves out: no thread takes a lock another holds (a third
 * thread's section against a window's), and a third thread's read inside
 * a critical section (a condition's predicate) reads from its recorded
 * writer.  The threads' locks at lo are those their first event there
 * holds. */
gboolean
augur_enc_schedule_consistent (Enc *x, GArray *schedule)
{
  const AugurPredModel *m = x->m;
  g_autoptr (GHashTable) owner = g_hash_table_new (NULL, NULL);
  g_autoptr (GHashTable) shared = g_hash_table_new (NULL, NULL);
  Holders hs = { owner, shared };
  g_autoptr (GHashTable) last = g_hash_table_new (NULL, NULL);    /* var+1 -> writer+1 */
  for (guint u = 0; u < m->n_threads; u++)
    {
      guint32 k = augur_pred_model_first_at (m, u, x->q->lo);
      if (k >= m->threads[u].events->len)
        continue;
      GArray *held = g_ptr_array_index (m->locksets, m->lockset[augur_pred_model_event (m, u, k)]);
      for (guint i = 0; i < held->len; i++)
        take (&hs, &g_array_index (held, AugurPredHeld, i), u);   /* as recorded: no clash */
    }
  for (guint i = 0; i < schedule->len; i++)
    {
      guint32 g = g_array_index (schedule, guint32, i);
      guint u = thread_of (x, g);
      GArray *before, *after;
      lock_changes (m, u, g, &before, &after);
      if (m->acc[g] & AUGUR_ACC_READ && side_of (x, u) < 0 && before->len > 0
          && augur_pred_model_kept (m, g))
        {
          guint32 got = GPOINTER_TO_UINT (g_hash_table_lookup (last, GUINT_TO_POINTER (m->obj[g] + 1)));
          guint32 w = m->writer[g];
          gboolean from_before = w == AUGUR_PRED_NONE || w < x->q->lo;
          if (got == 0 ? !from_before : got - 1 != w)
            return FALSE;
        }
      if (m->acc[g] & AUGUR_ACC_WRITE)
        g_hash_table_insert (last, GUINT_TO_POINTER (m->obj[g] + 1), GUINT_TO_POINTER (g + 1));
      if (before == after)
        continue;
      for (guint j = 0; j < before->len; j++)
        if (!held_has (after, g_array_index (before, AugurPredHeld, j).lock))
          give (&hs, &g_array_index (before, AugurPredHeld, j));
      for (guint j = 0; j < after->len; j++)
        if (!held_has (before, g_array_index (after, AugurPredHeld, j).lock)
            && !take (&hs, &g_array_index (after, AugurPredHeld, j), u))
          return FALSE;
    }
  return TRUE;
}
