/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sched-passing.c — values a parked loop shows in passing, and when
 * the end of an execution in which every thread waits is no hang.
 *
 * Await (rt-sched-await.c) parks a loop whose iteration changes nothing:
 * its writes put back what they overwrote.  But between two of them the
 * location holds another value, which a thread spinning on it can read
 * under a fair schedule:
 *
 *   T: for (;;) { seen = LOCK; if (written >= 2) break; seen = MAX; }
 *   U: while (seen & LOCK) ;
 *
 * T parked at `if (written ...)` (it was woken there, and the iteration
 * from there on puts LOCK back) shows LOCK for ever; U reads LOCK and parks
 * too; nothing can run.  That end is no hang of the program, only of this
 * schedule, which never lets U read between T's two writes: U's read and
 * T's write of LOCK race, and the search runs the order where U reads
 * MAX in another execution.  So when nothing can run, an execution ends
 * as AUGUR_SST_UNFAIR rather than as a hang if an awaiting thread T's
 * iteration shows, in passing, a value of a location another awaiting
 * thread U re-reads that U has never read in its loop since it last
 * changed something (rt_sched_passing_unfair; a value counts as read in
 * the loop if U read it at an instruction of its iteration, under the
 * same call sites, after it entered the frame its loop runs in, and its
 * next step was at one too, or if a read-modify-write took it).  A real
 * livelock is still one: in the execution where U read every value T's
 * loop shows and still waits, the rule does not apply and the hang is
 * reported.  Only a value that is
 * there while T holds no lock counts (U may read it only under a lock T
 * holds around both writes), only when the location is the one thing U
 * re-reads that T's iteration writes (a spin lock of the program's own, a
 * flag set around the two writes, is another: U's read may be ordered
 * after T's second write by it, and never see the value), and only
 * locations read and written whole, with the same size: otherwise the end
 * is a hang, as before.
 */
#include "config.h"

#include "runtime/rt-sched-private.h"

#define th rt_sth
#define shm rt_sched_shm

/* A value of (obj, size) in v[0..n)? */
static int
has_value (const RtVal *v, uint32_t n, uint64_t obj, uint32_t size, uint64_t value)
{
  for (uint32_t k = 0; k < n; k++)
    if (v[k].obj == obj && v[k].size == size && v[k].value == value)
      return 1;
  return 0;
}

void
rt_sched_passing_forget (RtSThread *t)
{
  t->n_seen = 0;
  t->seen_lost = 0;
}

void
rt_sched_passing_read (RtSThread *t, const AugurSchedStep *e, uint32_t at, int has_old, uint64_t old,
                       uint32_t gen, uint32_t site)
{
  /* an atomic read-modify-write read the value it overwrote (a compare-
   * exchange that took a spin lock read it free) */
  int rmw = e->op == AUGUR_SOP_WRITE && (e->flags & AUGUR_SF_ATOMIC) && has_old;
  if ((e->op != AUGUR_SOP_READ && !rmw) || (e->flags & AUGUR_SF_RANGE)
      || (e->xflags & AUGUR_SXF_CLOCK) || t->seen_lost)
    return;
  if (e->ev_kind == AUGUR_EV_THREAD_JOIN)
    return;   /* a try to join: a read of the thread's end, no memory (rt-sched-join.c) */
  if (!(e->size == 1 || e->size == 2 || e->size == 4 || e->size == 8) || (e->obj & (e->size - 1)) != 0)
    return;
  /* the thread has run nothing since the read (its next step is being
   * published, or an access that is no step is about to be made) */
  uint64_t value = rmw ? old : rt_sched_peek (e->obj, e->size);
  if (rmw)
    at = UINT32_MAX;   /* it took what it read: seen wherever it went on */
  uint32_t oldest = RT_SEEN_MAX;
  for (uint32_t k = 0; k < t->n_seen; k++)
    {
      RtVal *v = &t->seen[k];
      if (v->obj == e->obj && v->size == e->size && v->value == value)
        {
          if (v->at != UINT32_MAX)
            {
              v->at = at;   /* the last read decides (seen_in_loop) */
              v->gen = gen;
              v->site = site;
            }
          return;
        }
      if (v->at != UINT32_MAX && (oldest == RT_SEEN_MAX || v->at < t->seen[oldest].at))
        oldest = k;
    }
  if (t->n_seen < RT_SEEN_MAX)
    oldest = t->n_seen++;
  else if (oldest == RT_SEEN_MAX)
    {
      t->seen_lost = 1;   /* not all it read is known: no end is called unfair for it */
      return;
    }
  /* full: the oldest plain read makes room (one its loop went on after
   * would have been read again since, in the loop) */
  t->seen[oldest] = (RtVal) { e->obj, value, e->size, at, gen, site };
}

/* Is there a moment between v[j] and v[i] (i > j) when the thread holds
 * no lock? */
static int
lock_free_between (const RtHist *v, uint32_t j, uint32_t i)
{
  for (uint32_t k = j + 1; k <= i; k++)
    if (v[k].held_before == 0)
      return 1;
  return 0;
}

void
rt_sched_passing_note (RtSThread *t, const RtHist *v, uint32_t from, uint32_t to, uintptr_t own_lo,
                       uintptr_t own_hi)
{
  t->n_passing = 0;
  t->n_wrote = 0;
  t->wrote_lost = 0;
  for (uint32_t i = from; i < to; i++)
    {
      const RtHist *e = &v[i];
      if (!e->has_old || (e->step.obj >= own_lo && e->step.obj + e->step.size <= own_hi))
        continue;
      if (!has_value (t->wrote, t->n_wrote, e->step.obj, e->step.size, 0))
        {
          if (t->n_wrote == RT_PASS_MAX)
            t->wrote_lost = 1;
          else
            t->wrote[t->n_wrote++] = (RtVal) { e->step.obj, 0, e->step.size, UINT32_MAX };
        }
      /* the write before it in the iteration, to the same location: the
       * value e overwrites is one that write left (the first write's is
       * the one the iteration restores, which stays) */
      uint32_t j = i, first = i;
      for (uint32_t k = from; k < i; k++)
        if (v[k].has_old && v[k].step.obj == e->step.obj && v[k].step.size == e->step.size)
          {
            if (first == i)
              first = k;
            j = k;
          }
      if (j == i || e->old == v[first].old || !lock_free_between (v, j, i))
        continue;
      if (has_value (t->passing, t->n_passing, e->step.obj, e->step.size, e->old))
        continue;
      if (t->n_passing == RT_PASS_MAX)
        return;   /* the first ones: fewer ends are called unfair */
      t->passing[t->n_passing++] = (RtVal) { e->step.obj, e->old, e->step.size, UINT32_MAX };
    }
}

/* How many of the locations awaiting thread u re-reads does awaiting
 * thread a's iteration write? */
static uint32_t
shared_with (const RtSThread *a, const RtSThread *u)
{
  uint32_t n = 0;
  for (uint32_t j = 0; j < u->n_await; j++)
    {
      const AugurSchedStep *r = &u->await_r[j];
      int hit = 0;
      for (uint32_t k = 0; k < a->n_wrote && !hit; k++)
        hit = augur_sched_ranges_overlap (a->wrote[k].obj, a->wrote[k].size, r->obj,
                                          augur_sched_step_size (r));
      n += (uint32_t) hit;
    }
  return n;
}

/* Is s at an instruction of awaiting thread u's iteration, made under
 * the same call sites as there if @site is known (not 0)? */
static int
in_iteration (const RtSThread *u, const AugurSchedStep *s, uint32_t site)
{
  for (uint32_t k = u->win_from; k < u->n_hist; k++)
    {
      const RtHist *h = &u->hist[k];
      if (h->step.pc == s->pc && h->step.module == s->module && (site == 0 || h->site == 0 || h->site == site))
        return 1;
    }
  return 0;
}

/* Did awaiting thread u (number tid) go on in its loop after it last read
 * the value v: was the frame its loop runs in entered by then, was the
 * read at an instruction of its iteration, and is its next step at one?
 * A value it read before the loop, after which it went elsewhere (a poll
 * that found the slot free in an earlier call), is not one it waits with:
 * nor is one read in an earlier call of the function that loops, whose
 * next step (the first of the next call) is at an instruction of the
 * iteration too, nor one read by another copy of that function inlined
 * in the same frame before it (-O2: the frames are one, the instructions
 * are not), nor one read by a helper the loop calls, called from another
 * place before the loop (the instruction is one, the call sites are
 * not).  Not known, or taken by a read-modify-write: yes. */
static int
seen_in_loop (const RtSThread *u, uint32_t tid, const RtVal *v)
{
  if (v->at == UINT32_MAX || u->win_from == UINT32_MAX || u->win_from >= u->n_hist)
    return 1;
  if (v->gen != 0 && u->loop_gen != 0 && v->gen < u->loop_gen)
    return 0;
  const AugurSchedStep *next = &u->pending;
  uint32_t n = shm->n_steps < AUGUR_SCHED_MAX_STEPS ? shm->n_steps : AUGUR_SCHED_MAX_STEPS;
  if (v->at < n && !in_iteration (u, &shm->steps[v->at], v->site))
    return 0;
  for (uint32_t x = v->at + 1; x < n; x++)
    if (shm->steps[x].tid == tid)
      {
        next = &shm->steps[x];
        break;
      }
  return in_iteration (u, next, 0);
}

/* Does awaiting thread u re-read p's location, and has it never read p's
 * value in its loop? */
static int
unseen_by (const RtSThread *u, uint32_t tid, const RtVal *p)
{
  if (u->seen_lost)
    return 0;
  int awaits = 0;
  for (uint32_t j = 0; j < u->n_await && !awaits; j++)
    awaits = u->await_r[j].obj == p->obj && u->await_r[j].size == p->size;
  if (!awaits)
    return 0;
  for (uint32_t k = 0; k < u->n_seen; k++)
    {
      const RtVal *v = &u->seen[k];
      if (v->obj == p->obj && v->size == p->size && v->value == p->value && seen_in_loop (u, tid, v))
        return 0;
    }
  return 1;
}

int
rt_sched_passing_unfair (void)
{
  uint32_t n = rt_sched_n_threads;
  for (uint32_t t = 0; t < n; t++)
    {
      const RtSThread *a = &th[t];
      if (a->state != AUGUR_STH_ENABLED || !a->awaiting || a->n_passing == 0 || a->wrote_lost)
        continue;
      for (uint32_t u = 0; u < n; u++)
        {
          const RtSThread *w = &th[u];
          if (u == t || w->state != AUGUR_STH_ENABLED || !w->awaiting || shared_with (a, w) != 1)
            continue;
          for (uint32_t k = 0; k < a->n_passing; k++)
            if (unseen_by (w, u, &a->passing[k]))
              return 1;
        }
    }
  return 0;
}
