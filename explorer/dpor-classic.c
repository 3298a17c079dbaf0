/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dpor-classic.c — the backtrack points of persistent-set DPOR (Flanagan &
 * Godefroid, POPL 2005, Figure 4) as inspect adapts it to pthreads (the
 * seed, sections 2.4, 4.4 and 4.6), for `augur explore --mode dpor`.
 *
 * Figure 4 runs, at every state s the search reaches and for every thread
 * p, "let i be the latest step before s dependent and may-be co-enabled
 * with p's next step, and not happening before p".  Here a whole execution
 * is analysed at once: for step j of thread p, p's next step is j at every
 * state from just after p's previous step to j.  So, with C the steps
 * i < j of other threads that are dependent with j and do not happen
 * before p's state (the vector clocks of dpor-pass.c), the latest steps
 * of C at those states are: every i in C after p's previous step, and the
 * latest i in C before it.  States of the replayed prefix are visited again on
 * purpose: an earlier execution through them may have ended (deadlock,
 * sleep-set blocked) before p ran j, and then never analysed it there.
 *
 * Dependent: overlapping memory, one a write (signals, semaphores,
 * barriers, init and destroy write their object); two acquisitions of the
 * same lock, a condition wake (post wait) included, unless both read-lock
 * (inspect, section 4.6: a lock acquire backtracks to the previous
 * acquisitions, not to the release, so a reversal never asks for a held
 * lock); a trylock that took a lock and the release before it (moved
 * before the release it fails instead), a trylock that failed and the
 * release after it (moved after it, it succeeds).  May be co-enabled: unless the two threads hold a common lock at
 * the two steps (inspect's lockset test, section 4.4).
 *
 * For each such i, at the state s before step i, the thread q to add is p
 * if p may run at s, else the thread of the first step between i and j
 * that happens before j and whose thread may run at s (F&G's set E).  If
 * there is none, or q sleeps at s, every thread that may run at s is added.
 * The last case is ours: F&G with sleep sets preserves deadlocks and
 * local states, not every Mazurkiewicz trace, and adding a sleeping q
 * alone loses traces (lastzero(3) completes 11 of its 12 traces that way);
 * with the fallback, both modes complete the same traces (test-modes).
 * Unlike source-DPOR, the thread is added whether or not backtrack(s)
 * already holds an equivalent choice, so more branches start and end
 * sleep-set blocked; the sleep sets (dpor.c, the runtime) still complete
 * each Mazurkiewicz trace once.  "May run" comes from enabled.h; when a
 * branch it allowed turns out infeasible, the whole may-run set of that
 * state is added (F&G's fallback), so a wrong guess never loses a trace.
 *
 * Not seen, as in dpor.c: the pending steps of threads still blocked when
 * an execution ends (a deadlock, a sleep-set blocked run).
 */
#include "config.h"

#include <string.h>

#include "explorer/dpor-private.h"
#include "common/augur-ops.h"

static AugurEnabled *
enabled_of (DporPass *p)
{
  if (p->enabled == NULL)
    p->enabled = augur_dpor_enabled_new (p->d, p->s, p->n);
  return p->enabled;
}

/* Threads ti before step i and tj before step j hold a common lock. */
static gboolean
locksets_meet (AugurEnabled *e, guint ti, guint i, guint tj, guint j)
{
  guint na, nb;
  const guint64 *a = augur_enabled_lockset (e, ti, i, &na);
  if (na == 0)
    return FALSE;
  g_autofree guint64 *held = g_memdup2 (a, na * sizeof *a);
  const guint64 *b = augur_enabled_lockset (e, tj, j, &nb);
  for (guint x = 0, y = 0; x < na && y < nb;)
    {
      if (held[x] == b[y])
        return TRUE;
      if (held[x] < b[y])
        x++;
      else
        y++;
    }
  return FALSE;
}

/* The part of a step that dpor-pass.c's clocks treat as a memory access. */
static gboolean
mem_view (const AugurSchedStep *x, guint64 *lo, guint64 *hi, gboolean *write)
{
  if (x->op == AUGUR_SOP_CREATE)
    {
      /* the next thread number (AUGUR_SCHED_THREAD_COUNTER) */
      *lo = *hi = AUGUR_SCHED_THREAD_COUNTER;
      *write = TRUE;
      return TRUE;
    }
  if (x->op == AUGUR_SOP_UNLOCK || x->op == AUGUR_SOP_RWUNLOCK)
    {
      /* the unlock's last touch of the lock's memory, a read as in
       * dpor-pass.c's analysis: a free of the struct holding it races
       * with it */
      *lo = *hi = x->obj;
      *write = FALSE;
      return TRUE;
    }
  AugurOpsMem mem = augur_ops_sched_mem (x->op);
  switch (mem)
    {
    case AUGUR_OPS_MEM_READ:
    case AUGUR_OPS_MEM_WRITE:
      *lo = x->obj;
      *hi = x->obj + MIN (augur_sched_step_size (x), 64u) - 1;
      *write = mem == AUGUR_OPS_MEM_WRITE;
      return TRUE;
    case AUGUR_OPS_MEM_OBJECT:
      *lo = *hi = x->obj;
      *write = TRUE;
      return TRUE;
    default:
      return FALSE;
    }
}

/* The lock a step acquires (or tries to). */
static gboolean
acquire_view (const AugurSchedStep *x, guint64 *lock)
{
  AugurOpsLock l = augur_ops_step_lock (x, lock);
  if (l == AUGUR_OPS_LOCK_ACQUIRE || l == AUGUR_OPS_LOCK_TRY)
    return TRUE;
  if (x->op == AUGUR_SOP_INIT || x->op == AUGUR_SOP_DESTROY)
    {
      /* of a lock: as dpor-pass.c, an acquisition too */
      *lock = x->obj;
      return augur_ops_event_on_lock (x->ev_kind);
    }
  return FALSE;
}

/* The lock a step releases. */
static gboolean
release_view (const AugurSchedStep *x, guint64 *lock)
{
  return augur_ops_step_lock (x, lock) == AUGUR_OPS_LOCK_RELEASE;
}

/* Earlier step @a and step @b, of different threads, are dependent. */
static gboolean
dependent (const AugurSchedStep *a, const AugurSchedStep *b)
{
  guint64 alo, ahi, blo, bhi, la, lb;
  gboolean aw, bw;
  if (augur_sched_kill_meets (a, b) || augur_sched_clock_meets (a, b)
      || augur_sched_end_meets (a, b))
    return TRUE;
  /* memory, then locks: a condition wake-up touches its condition and
   * takes its mutex back, so two wake-ups from two conditions that
   * share a mutex are dependent by the mutex alone */
  if (mem_view (a, &alo, &ahi, &aw) && mem_view (b, &blo, &bhi, &bw) && (aw || bw) && alo <= bhi
      && blo <= ahi)
    return TRUE;
  /* a trylock that took the lock and the release before it, a trylock
   * that failed and the release after it (dpor-pass.c) */
  guint64 r;
  if (release_view (a, &r) && (b->xflags & AUGUR_SXF_TRY) && b->op != AUGUR_SOP_TRYLOCK_FAIL
      && !(b->flags & AUGUR_SF_FAILED) && r == b->obj)
    return TRUE;
  if (a->op == AUGUR_SOP_TRYLOCK_FAIL && release_view (b, &r) && r == a->obj)
    return TRUE;
  if (acquire_view (a, &la) && acquire_view (b, &lb))
    return la == lb && a->op != AUGUR_SOP_TRYLOCK_FAIL
           && !(a->op == AUGUR_SOP_RDLOCK && b->op == AUGUR_SOP_RDLOCK);
  return FALSE;
}

/* Adds to backtrack(pre(i)) what the race (i, j) asks for. */
static void
backtrack (DporPass *p, AugurEnabled *e, guint i, guint j)
{
  DporNode *nd = g_ptr_array_index (p->d->nodes, i);
  guint ti = p->s[i].tid, tj = p->s[j].tid;
  guint q = G_MAXUINT;
  if (augur_enabled_may_run (e, tj, i))
    q = tj;
  const guint32 *cj = p->clk + (gsize) j * p->T;
  for (guint k = i + 1; k < j && q == G_MAXUINT; k++)
    {
      guint u = p->s[k].tid;
      if (u != ti && augur_dpor_before (p, k, cj) && augur_enabled_may_run (e, u, i))
        q = u;
    }
  if (q != G_MAXUINT && !augur_dpor_node_sleeps (nd, q))
    augur_tidset_add (&nd->backtrack, q);
  else
    augur_enabled_add_mask (e, i, &nd->backtrack);
}

/* Step i inits or destroys a lock held in a mode that keeps step j's
 * request out: j cannot go right before i (the holder's release comes
 * after i), so i is not the latest step it can go before; the
 * acquisition that holds the lock, further back, is (dpor-pass.c). */
static gboolean
held_past (const DporPass *p, guint i, guint j)
{
  DporHeld h = dpor_pass_pseudo_held (p, i);
  return h == DPOR_HELD_EXCLUSIVE || (h == DPOR_HELD_READ && p->s[j].op != AUGUR_SOP_RDLOCK);
}

void
augur_dpor_classic_step (DporPass *p, guint j, const guint32 *pre)
{
  AugurDpor *d = p->d;
  guint t = p->s[j].tid;
  gint prev = -1;
  for (guint k = j; k-- > 0;)
    if (p->s[k].tid == t)
      {
        prev = (gint) k;
        break;
      }
  guint lo = (guint) (prev + 1);
  AugurEnabled *e = enabled_of (p);
  for (guint i = MIN (j, d->nodes->len); i-- > 0;)
    {
      if (p->s[i].tid == t || !dependent (&p->s[i], &p->s[j]) || augur_dpor_before (p, i, pre))
        continue;
      if (locksets_meet (e, p->s[i].tid, i, t, j))
        continue;
      backtrack (p, e, i, j);
      if (i < lo && !held_past (p, i, j))
        break;              /* the latest one before p's previous step */
    }
  /* the wake-ups that took a signal thread t could have taken, which the
   * clocks order before j (dpor-cond.c) */
  for (guint k = 0; k < p->races->len && p->s[j].op == AUGUR_SOP_COND_WAKE; k++)
    {
      guint i = g_array_index (p->races, guint, k);
      if (p->s[i].op == AUGUR_SOP_COND_WAKE && i < d->nodes->len && augur_dpor_before (p, i, pre))
        backtrack (p, e, i, j);
    }
}

void
augur_dpor_classic_drop (AugurDpor *d)
{
  if (d->prefix_len == 0 || d->prefix_len > d->nodes->len)
    return;
  guint k = d->prefix_len - 1;
  DporNode *nd = g_ptr_array_index (d->nodes, k);
  g_autoptr (AugurEnabled) e = augur_dpor_enabled_new (d, (const AugurSchedStep *) d->steps->data,
                                                       d->steps->len);
  augur_enabled_add_mask (e, k, &nd->backtrack);
}
