/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sched-await.c — the controlled scheduler's loop detection (Await)
 * and its virtual clock (rt-sched-private.h): which threads wait in a
 * loop that would only repeat itself, what wakes them, and the time the
 * program sees.  rt-sched.c calls in at every step: when a thread
 * publishes one (rt_sched_await_check) and when the next is chosen
 * (rt_sched_await_wake_awaiters, rt_sched_await_clock_jump).
 *
 * Await.  A thread that waits in a loop (`while (!flag) ;`, a poll with
 * usleep, a trylock retry, a CAS spin) would otherwise make the explorer
 * run iteration after iteration, each a new interleaving, for ever.  When
 * a thread is about to repeat a step (same instruction, same object) and
 * everything it did since that step only read memory (reads, failed CAS
 * and trylocks, atomic read-modify-writes that left the value as it was,
 * lock/unlock pairs, sleeps, time functions, wake-ups that no signal
 * caused), holding a lock or not, and nothing it read has been
 * written by another thread since it read it, and its own state (its stack
 * and callee-saved registers, fingerprinted: a loop counter) is what it was
 * at the previous repetition, then the next iteration would repeat the
 * last one exactly: the thread is AWAITING and not enabled until another
 * thread writes something it read (its next step is marked
 * AUGUR_SXF_AWOKEN).  If nothing else can run, it waits for ever: a hang
 * (livelock) that the explorer reports.  A loop is thus recognised on its
 * third iteration; one that yields (sched_yield, a sleep) also by what it
 * did between two yields, at its third yield (yield_await).  What the runtime
 * cannot see can still make a loop that progresses look like one that
 * waits: thread-local variables, state kept by code not built with
 * augur-cc (rand's seed).
 *
 * The virtual clock.  Time functions return a clock that starts at a fixed
 * date and moves by a microsecond at a call if anything but pure steps
 * happened since the last one (a polling loop sees time stand still, and
 * can await it; work between two calls takes time); sleeps return at
 * once (they are YIELD steps), the clock as much later as they asked
 * (rt_sched_sleep).  When no thread can run but some wait on time (a
 * timed condition wait that already timed out once, an awaiting loop
 * that read the clock), the clock jumps by an hour and they run on: time
 * passes only when everybody waits, at most RT_MAX_JUMPS times per
 * execution.  A timed wait that timed out (poll, select or epoll_wait
 * with a timeout: rt-fdio.c, rt-time.c; a wait until a deadline:
 * rt-sched-deadline.c) moves the clock on by its timeout
 * (rt_sched_timed_out): its timeout passed.
 */
#include "config.h"

#include "runtime/rt-sched-private.h"
#include "runtime/rt-fiber.h"

#include <string.h>

#define RT_MAX_JUMPS 8u           /* clock jumps per execution */
#define RT_AWAIT_WINDOW 20000u    /* an iteration older than this many steps is not checked */
#define RT_POLL_EVERY 1024u       /* accesses that are no steps before a thread yields */
#define RT_CLOCK_JUMP_NS 3600000000000ull         /* an hour */

#define shm rt_sched_shm
#define th rt_sth

static uint32_t wake_checked;     /* steps before this were looked at for Await wake-ups */
static uint32_t n_awaiting;
static uint16_t awaiting[RT_MAXT];
int rt_sched_await_jump_pending;   /* the next step gets AUGUR_SXF_CLOCK_JUMP */
/* The last writes that were no steps (pruned by static facts): Await must
 * see them to judge a loop (rt_sched_await_inv_seq counts them, the ring
 * keeps the last RT_INV_RING). */
#define RT_INV_RING 64u
typedef struct {
  uint64_t seq;
  uint64_t addr;
  uint32_t size;
  uint32_t tid;
} RtInvWrite;
static RtInvWrite inv_ring[RT_INV_RING];
uint64_t rt_sched_await_inv_seq;
static uint64_t clock_ticks;     /* microseconds the clock moved on by reads */
static uint32_t clock_upto;      /* steps before this were looked at by a clock read */
static uint64_t clock_waited;    /* nanoseconds timed waits moved the clock on by */
/* What rt_sched_await_loads announced, for its thread's next publish
 * (only the token holder runs between the two) */
static uintptr_t announced[RT_AWAIT_MAX];
static uint32_t n_announced, announced_by;

void
rt_sched_await_reset (void)
{
  wake_checked = 0;
  n_awaiting = 0;
  rt_sched_await_jump_pending = 0;
  clock_ticks = 0;
  clock_upto = 0;
  clock_waited = 0;
  rt_sched_await_inv_seq = 0;
  n_announced = 0;
}

/* ------------------------------------------------------------------ */
/* Await */

/* When a completed step changes nothing a loop could depend on, by its
 * op (pure_when, one row per op that can be pure; the others never are). */
enum {
  PURE_NEVER = 0,
  PURE_ALWAYS,
  PURE_UNLESS_FAILED,       /* a lock or unlock that took effect: a loop locks and unlocks */
  PURE_IF_UNSIGNALLED,      /* a wake-up that timed out, or a spurious one */
  PURE_IF_NO_WAITER,        /* a signal nobody waited for */
};

static const uint8_t pure_when[AUGUR_SOP_N_] = {
  [AUGUR_SOP_READ] = PURE_ALWAYS,
  [AUGUR_SOP_TRYLOCK_FAIL] = PURE_ALWAYS,
  [AUGUR_SOP_YIELD] = PURE_ALWAYS,
  [AUGUR_SOP_COND_WAIT] = PURE_ALWAYS,
  [AUGUR_SOP_LOCK] = PURE_UNLESS_FAILED,
  [AUGUR_SOP_UNLOCK] = PURE_UNLESS_FAILED,
  [AUGUR_SOP_RDLOCK] = PURE_UNLESS_FAILED,
  [AUGUR_SOP_WRLOCK] = PURE_UNLESS_FAILED,
  [AUGUR_SOP_RWUNLOCK] = PURE_UNLESS_FAILED,
  [AUGUR_SOP_COND_WAKE] = PURE_IF_UNSIGNALLED,
  [AUGUR_SOP_SIGNAL] = PURE_IF_NO_WAITER,
  [AUGUR_SOP_BROADCAST] = PURE_IF_NO_WAITER,
};

/* A timed wait's timeout (rt_sched_timed_out): a YIELD that moved the
 * clock; or a condition wait's (rt_sched_cond_timeout), a read of the
 * condition that may move it. */
static int
timed_out_step (const AugurSchedStep *s)
{
  return (s->op == AUGUR_SOP_YIELD
          || (s->op == AUGUR_SOP_READ && s->ev_kind == AUGUR_EV_TIME && s->obj != AUGUR_SCHED_CLOCK_OBJ))
         && (s->ev_kind == AUGUR_EV_TIME || s->ev_kind == AUGUR_EV_SLEEP)
         && (s->xflags & AUGUR_SXF_CLOCK_JUMP);
}

/* A completed step that changes nothing a loop could depend on (a write
 * is judged later, by the value it left: pure_window). */

static int
pure_step (const AugurSchedStep *s, int has_old)
{
  /* a timeout changed only the clock, which window_reads judges: a loop
   * that polls with a timeout for a flag can still await it */
  if (timed_out_step (s))
    return 1;
  if (s->xflags & AUGUR_SXF_CLOCK_JUMP)
    return 0;
  if (has_old && rt_sched_value_write (s))
    return 1;
  switch (s->op < AUGUR_SOP_N_ ? pure_when[s->op] : PURE_NEVER)
    {
    case PURE_ALWAYS:
      return 1;
    case PURE_UNLESS_FAILED:
      return !(s->flags & AUGUR_SF_FAILED);
    case PURE_IF_UNSIGNALLED:
      return (s->flags & AUGUR_SF_TIMEOUT) || (s->xflags & AUGUR_SXF_SPURIOUS);
    case PURE_IF_NO_WAITER:
      return (s->xflags & AUGUR_SXF_NO_WAITER) != 0;
    default:
      return 0;
    }
}

/* A completed step whose result depends on memory others may write.  An
 * atomic write in a loop's history left the value it found (pure by
 * value): a read-modify-write that read it, as fetch_add (&x, 0) reads x,
 * the "atomic read" of libraries written before C11; the loop waits on
 * it as on a load. */
static int
reads_state (const AugurSchedStep *s)
{
  return s->op == AUGUR_SOP_READ || s->op == AUGUR_SOP_TRYLOCK_FAIL
         || (s->op == AUGUR_SOP_WRITE && (s->flags & AUGUR_SF_ATOMIC));
}

/* Does step x (of another thread) change what r read? */
static int
changes (const AugurSchedStep *x, const AugurSchedStep *r)
{
  if (r->xflags & AUGUR_SXF_CLOCK)
    return (x->xflags & AUGUR_SXF_CLOCK_JUMP) != 0;
  if (x->op == AUGUR_SOP_READ || x->op == AUGUR_SOP_TRYLOCK_FAIL)
    return 0;
  if (r->op == AUGUR_SOP_TRYLOCK_FAIL && (x->op == AUGUR_SOP_UNLOCK || x->op == AUGUR_SOP_RWUNLOCK)
      && x->obj == r->obj)
    return 1;
  AugurSchedStep rr = *r;
  rr.op = AUGUR_SOP_READ;
  return augur_sched_dependent (x, &rr);
}

static void yw_note (RtSThread *t, const RtHist *e);

static void
hist_drop (RtSThread *t, uint32_t upto)
{
  memmove (&t->hist[0], &t->hist[upto], (t->n_hist - upto) * sizeof t->hist[0]);
  t->n_hist -= upto;
}

/* Thread t's last step completed: into its history, or the history is
 * cleared if that step changed something. */
void
rt_sched_await_hist_add (RtSThread *t, uint32_t index, uint32_t held_before)
{
  const AugurSchedStep *s = &shm->steps[index];
  int has_old = t->pend_has_old && rt_sched_value_write (s);
  if (!pure_step (s, has_old))
    {
      t->n_hist = 0;
      t->yw_dirty = 1;
      rt_sched_passing_forget (t);
      return;
    }
  rt_sched_passing_read (t, s, index, has_old, t->pend_old, t->pend_gen, t->pend_site);
  if (t->n_hist == RT_HIST_MAX)
    hist_drop (t, 1);
  RtHist *h = &t->hist[t->n_hist++];
  h->gen = t->pend_gen;
  h->site = t->pend_site;
  h->step = *s;
  h->index = index;
  h->held_before = held_before;
  h->has_old = (uint32_t) has_old;
  h->old = t->pend_old;
  h->invisible = 0;
  h->inv_seq = t->pend_inv_seq;
  h->fp = t->pend_fp;
  yw_note (t, h);
}

/* Did an invisible write of another thread touch what r read, after it
 * read it (since = rt_sched_await_inv_seq then)?  Lost track: yes. */
static int
inv_changed (const AugurSchedStep *r, uint64_t since, uint32_t me)
{
  if (rt_sched_await_inv_seq - since >= RT_INV_RING)
    return 1;
  for (uint64_t q = since + 1; q <= rt_sched_await_inv_seq; q++)
    {
      const RtInvWrite *w = &inv_ring[q % RT_INV_RING];
      if (w->tid != me && augur_sched_ranges_overlap (w->addr, w->size, r->obj, augur_sched_step_size (r)))
        return 1;
    }
  return 0;
}

/* The writes of v[from..to): did each variable they wrote end with the
 * value it had before the first of them (a -O0 temporary, a flag set
 * again to what it was)?  Then the iteration changed nothing.  Writes into
 * [own_lo, own_hi), the part of the thread's own stack its fingerprint
 * hashes, are left to the fingerprint: their old value can be stale, as
 * a failed compare-exchange writes the value it found into its `expected`
 * local with no step of its own, and the loop then resets it. */
static int
pure_window (const RtHist *v, uint32_t from, uint32_t to, uintptr_t own_lo, uintptr_t own_hi)
{
  for (uint32_t i = from; i < to; i++)
    {
      const RtHist *e = &v[i];
      if (!e->has_old)
        continue;
      if (e->step.obj >= own_lo && e->step.obj + augur_sched_step_size (&e->step) <= own_hi)
        continue;
      int first = 1;
      for (uint32_t j = from; j < i && first; j++)
        first = !(v[j].has_old && v[j].step.obj == e->step.obj);
      if (first && rt_sched_peek (e->step.obj, e->step.size) != e->old)
        return 0;
    }
  return 1;
}

/* The thread's own state.  A loop whose reads saw nothing change repeats
 * itself only if what the thread keeps to itself is the same as well: its
 * stack (locals at -O0) and its callee-saved registers (a loop counter at
 * -O2).  `sum += get (x)` run three times, or a helper that reads x called
 * twice, reads x again with nothing changed, but is no waiting loop.  The
 * fingerprint hashes both, as they are in the frame that made the step
 * (found by unwinding to the step's return address), from its stack
 * pointer to the top of the thread's stack (at most RT_FP_MAX bytes). */

#define RT_FP_MAX (1u << 20)
#define RT_FP_FRAMES 48

static uint64_t
fp_mix (uint64_t h, uint64_t v)
{
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdull;
}

/* The top of thread me's stack (the calling thread's). */
static uint64_t
own_stack_top (uint32_t me)
{
  if (me == 0 && (!rt_fibers || rt_fiber_stack_top (0) == 0))
    {
      extern void *__libc_stack_end;
      return (uint64_t) (uintptr_t) __libc_stack_end;
    }
  return rt_sched_stack_top ();
}

uint64_t
rt_sched_own_stack_top (uint32_t me)
{
  return own_stack_top (me);
}

/* Thread me's own state as it makes step p; 0 if it cannot be told (no
 * unwinder, the frame not found, the stack's top unknown).  The stack
 * range hashed goes to [*lo, *hi) (if not NULL). */
static uint64_t
fingerprint (uint32_t me, const AugurSchedStep *p, uintptr_t *range_lo, uintptr_t *range_hi)
{
  uintptr_t below_cfa;
  uint64_t regs[6];
  if (p->pc == 0
      || !rt_sched_find_step_frame (rt_module_bias (p->module) + p->pc + 1, RT_FP_FRAMES,
                                    &below_cfa, regs))
    return 0;
  uint64_t top = own_stack_top (me);
  uintptr_t lo = (below_cfa + 7) & ~(uintptr_t) 7;
  if (top <= lo)
    return 0;
  uintptr_t hi = top - lo > RT_FP_MAX ? lo + RT_FP_MAX : (uintptr_t) top;
  if (range_lo != NULL)
    {
      *range_lo = lo;
      *range_hi = hi;
    }
  uint64_t h = 0x243f6a8885a308d3ull;
  for (int i = 0; i < 6; i++)
    h = fp_mix (h, regs[i]);
  for (const volatile uint64_t *w = (const uint64_t *) lo; (uintptr_t) (w + 1) <= hi; w++)
    h = fp_mix (h, *w);
  return h | 1;   /* never 0 */
}

/* The generation of the calling thread's innermost frame (rt-tsan.c's
 * func_entry numbers): frames entered later have greater ones.  0: not
 * known (no generations, too deep). */
static uint32_t
frame_stamp (void)
{
  const uint32_t *gen = rt_self.frame_gen;
  uint32_t d = rt_self.depth;
  return gen != NULL && d > 0 && d <= RT_SHADOW_SIZE ? gen[d - 1] : 0;
}

/* The call sites the calling thread is in (rt-tsan.c's func_entry
 * return addresses, outermost first), hashed: a helper called from two
 * places runs under two.  0: not known (no shadow stack, too deep). */
static uint32_t
frame_site (void)
{
  const uintptr_t *shadow = rt_self.shadow;
  uint32_t d = rt_self.depth;
  if (shadow == NULL || d > RT_SHADOW_SIZE)
    return 0;
  uint64_t h = 0x243f6a8885a308d3ull;
  for (uint32_t k = 0; k < d; k++)
    h = fp_mix (h, shadow[k]);
  return (uint32_t) (h >> 32) | 1;   /* never 0 */
}

/* The generation of the frame the loop of thread me runs in, whose
 * iteration began with a step made in a frame of generation @from: the
 * innermost frame it is in now that was entered before that step (a
 * helper called afresh in each iteration is not it).  0: not known. */
static uint32_t
loop_frame_gen (uint32_t from)
{
  const uint32_t *gen = rt_self.frame_gen;
  uint32_t d = rt_self.depth;
  if (from == 0 || gen == NULL || d > RT_SHADOW_SIZE)
    return 0;
  while (d-- > 0)
    if (gen[d] <= from)
      return gen[d];
  return 0;
}

void
rt_sched_await_wake (uint32_t t, uint32_t by)
{
  RtSThread *s = &th[t];
  s->awaiting = 0;
  s->woken = 1;
  s->woken_by = by;
  s->n_hist = 0;
  for (uint32_t k = 0; k < n_awaiting; k++)
    if (awaiting[k] == t)
      {
        awaiting[k] = awaiting[--n_awaiting];
        break;
      }
}

enum { READS_SAME, READS_CHANGED, READS_TOO_MANY };

/* What the iteration of thread @me whose steps are v[from..to) read, into
 * t->await_r[0..*n) (*clock set if it read the time): READS_CHANGED if
 * some of it changed since (another thread's step, or an invisible
 * write), READS_TOO_MANY past RT_AWAIT_MAX objects, else READS_SAME. */
static int
window_reads (RtSThread *t, const RtHist *v, uint32_t from, uint32_t to, uint32_t me, uint32_t now,
              uint32_t *n, int *clock)
{
  int timed_out = 0;   /* the iteration's own timeout moved the clock */
  for (uint32_t i = from; i < to; i++)
    {
      const AugurSchedStep *e = &v[i].step;
      timed_out |= timed_out_step (e);
      if (!reads_state (e))
        continue;
      if (e->xflags & AUGUR_SXF_CLOCK)
        *clock = 1;
      uint32_t after = v[i].invisible ? v[i].index : v[i].index + 1;
      for (uint32_t x = after; x < now; x++)
        if (shm->steps[x].tid != me && changes (&shm->steps[x], e))
          return READS_CHANGED;
      if (inv_changed (e, v[i].inv_seq, me))
        return READS_CHANGED;
      if (e->xflags & AUGUR_SXF_CLOCK)
        continue;
      int dup = 0;
      for (uint32_t j = 0; j < *n && !dup; j++)
        dup = t->await_r[j].obj == e->obj && t->await_r[j].size == e->size;
      if (dup)
        continue;
      if (*n == RT_AWAIT_MAX)
        return READS_TOO_MANY;
      t->await_r[(*n)++] = *e;
    }
  /* the next iteration reads a later time */
  return timed_out && *clock ? READS_CHANGED : READS_SAME;
}

void
rt_sched_await_loads (const uintptr_t *addrs, unsigned n)
{
  if (!rt_sched_is_on ())
    return;
  n_announced = n < RT_AWAIT_MAX ? n : RT_AWAIT_MAX;
  for (uint32_t k = 0; k < n_announced; k++)
    announced[k] = addrs[k];
  announced_by = rt_self.tid;
}

/* @p is the load rt_sched_await_loads announced: thread @me awaits a
 * write of the words announced from now on, with no loop to recognise
 * first. */
static void
await_announced (uint32_t me, RtSThread *t, const AugurSchedStep *p)
{
  for (uint32_t k = 0; k < n_announced; k++)
    {
      t->await_r[k] = *p;
      t->await_r[k].obj = (uint64_t) announced[k];
      t->await_r[k].size = 4;
    }
  t->n_await = n_announced;
  t->n_passing = 0;
  t->win_from = UINT32_MAX;
  t->await_clock = 0;
  t->await_from = shm->n_steps;
  t->awaiting = 1;
  t->await_repeats = 0;
  awaiting[n_awaiting++] = (uint16_t) me;
}

/* Thread me awaits a write of what its loop read (t->await_r[0..n)), or
 * the clock moving on if it read the time (clock). */
static void
await_begin (uint32_t me, RtSThread *t, uint32_t n, int clock, uint32_t now)
{
  /* the object a hang message names is await_r[0]: one another thread
   * could write, rather than a local of the loop's own (the `expected` of
   * a compare-exchange, a -O0 copy of what it loaded) */
  uint64_t top = own_stack_top (me);
  uint64_t sp = (uint64_t) (uintptr_t) __builtin_frame_address (0);
  for (uint32_t j = 0; j < n; j++)
    if (!(t->await_r[j].obj >= sp && t->await_r[j].obj < top))
      {
        AugurSchedStep first = t->await_r[0];
        t->await_r[0] = t->await_r[j];
        t->await_r[j] = first;
        break;
      }
  t->n_await = n;
  t->await_clock = clock;
  t->await_from = now;
  t->awaiting = 1;
  t->await_repeats = 1;
  awaiting[n_awaiting++] = (uint16_t) me;
}

/* Await of a loop that yields.  A spin-wait that polls many times between
 * two sched_yield calls (libuv's uv__async_spin: 997 loads, then a yield)
 * makes iterations longer than the history holds, with a counter that
 * makes its inner steps differ: Await above never sees it repeat.  So each
 * thread also keeps what it did since its last YIELD step (sched_yield,
 * pthread_yield, a sleep), in t->yw: the first read of each location and
 * the first write of each word outside its own stack, with the value it
 * overwrote; any other step that is not pure, or more than RT_YW_MAX of
 * them, spoils the window.  At the next yield at the same call, holding
 * the same locks, with the same fingerprint of its own state (a retry
 * counter makes it differ) as at the end of the previous window, if the
 * window is clean, its writes put back what they overwrote and nothing it
 * read has been written by another thread since, then the next iteration
 * would repeat this one exactly: the thread awaits a write of what it
 * read, as above.  The fingerprint is taken only where a clean window
 * ends, so such a loop is recognised at its third yield, and again at the
 * first one after a wake-up that changed nothing it would do. */

/* A step of thread t's (as its history has it) into its yield window. */
static void
yw_note (RtSThread *t, const RtHist *e)
{
  if (!t->yw_open || t->yw_dirty)
    return;
  if (timed_out_step (&e->step))
    {
      /* a timeout in the window: kept, for window_reads (the next window's
       * reads of the clock see a later time); a sleep's is the yield that
       * opened the window, whose reads came after it (yield_await judges
       * the one that ends it) */
      if (e->step.ev_kind == AUGUR_EV_TIME && t->n_yw < RT_YW_MAX)
        t->yw[t->n_yw++] = *e;
      else if (e->step.ev_kind == AUGUR_EV_TIME)
        t->yw_dirty = 1;
      return;
    }
  if (e->held_before != t->yw_held)
    t->yw_held_moved = 1;
  int reads = reads_state (&e->step);
  if (!reads && !e->has_old)
    return;
  if (e->has_old && !reads)
    {
      uintptr_t sp = (uintptr_t) __builtin_frame_address (0);
      uint64_t top = own_stack_top (e->step.tid);
      if (top != 0 && e->step.obj >= sp && e->step.obj + augur_sched_step_size (&e->step) <= top)
        return;   /* its own stack: the fingerprint judges it */
    }
  for (uint32_t k = 0; k < t->n_yw; k++)
    {
      const RtHist *f = &t->yw[k];
      if (f->step.obj == e->step.obj && f->step.size == e->step.size && f->has_old == e->has_old
          && reads_state (&f->step) == reads)
        return;   /* the first one is the one that counts */
    }
  if (t->n_yw == RT_YW_MAX)
    {
      t->yw_dirty = 1;
      return;
    }
  t->yw[t->n_yw++] = *e;
}

/* Thread me publishes the YIELD step p: does its yield window repeat the
 * last one exactly (then it awaits, 1)?  The next window opens here. */
static int
yield_await (uint32_t me, RtSThread *t, const AugurSchedStep *p)
{
  uint32_t now = shm->n_steps, n = 0;
  int clock = 0;
  int clean = t->yw_open && !t->yw_dirty && p->pc == t->yw_pc && p->module == t->yw_module
              && t->held == t->yw_held && !(t->held != 0 && t->yw_held_moved)
              && now - t->yw_from <= RT_AWAIT_WINDOW && pure_window (t->yw, 0, t->n_yw, 0, 0)
              && window_reads (t, t->yw, 0, t->n_yw, me, now, &n, &clock) == READS_SAME
              && !(clock && timed_out_step (p));   /* a sleep: the next reads a later time */
  /* the fingerprint only where a clean window ends (unwinding at every
   * yield of a loop that works between them cost libuv's loop half its
   * time): the next clean window, if it ends with the same, repeats */
  uint64_t fp = clean ? fingerprint (me, p, NULL, NULL) : 0;
  int same = fp != 0 && fp == t->yw_fp;
  t->yw_open = 1;
  t->yw_dirty = 0;
  t->yw_held_moved = 0;
  t->yw_fp = fp;
  t->yw_pc = p->pc;
  t->yw_module = p->module;
  t->yw_held = t->held;
  t->yw_from = now;
  t->n_yw = 0;
  if (!same)
    return 0;
  t->n_passing = 0;   /* the window keeps only the first write of each word */
  t->win_from = UINT32_MAX;
  await_begin (me, t, n, clock, now);
  return 1;
}

/* Thread me publishes p: does it start an iteration that repeats the last
 * one exactly?  Then it awaits a change. */
void
rt_sched_await_check (uint32_t me, const AugurSchedStep *p)
{
  RtSThread *t = &th[me];
  t->pend_gen = frame_stamp ();
  t->pend_site = frame_site ();
  if (n_announced > 0 && announced_by == me)
    {
      int mine = p->op == AUGUR_SOP_READ && p->obj == (uint64_t) announced[0];
      if (mine)
        await_announced (me, t, p);
      n_announced = 0;
      if (mine)
        return;
    }
  if (p->op == AUGUR_SOP_YIELD && p->ev_kind != AUGUR_EV_TIME && yield_await (me, t, p))
    return;
  /* a loop under a lock is judged too, when it holds the lock for the
   * whole iteration: if whoever could change what it reads needs that
   * lock, nothing can run, and the hang is real (one that releases it on
   * the way, a poll under the lock, is judged where it holds none) */
  if (t->n_hist == 0 || p->op == AUGUR_SOP_END || p->op == AUGUR_SOP_EXIT
      || p->op == AUGUR_SOP_COND_WAIT || p->op == AUGUR_SOP_COND_WAKE || p->op == AUGUR_SOP_CREATE
      || p->op == AUGUR_SOP_JOIN)
    return;   /* a wait's wake-ups have their own bound (rt-sched-sync.c) */
  if (p->op == AUGUR_SOP_WRITE && !(p->flags & AUGUR_SF_ATOMIC))
    return;
  uint32_t h = t->n_hist;
  while (h-- > 0)
    {
      const AugurSchedStep *e = &t->hist[h].step;
      /* one string or memory function makes a step per range it touches,
       * all at its call's pc: strcmp (s, s) reads s twice in one call,
       * which is no repetition */
      if (h + 1 == t->n_hist && (e->flags & AUGUR_SF_RANGE) && (p->flags & AUGUR_SF_RANGE)
          && t->hist[h].index == t->last_step && e->pc == p->pc)
        continue;
      if (!t->hist[h].invisible && e->pc == p->pc && e->module == p->module && e->obj == p->obj
          && e->ev_kind == p->ev_kind)
        break;
    }
  if (h == UINT32_MAX)
    return;
  uint32_t now = shm->n_steps;
  if (t->hist[h].held_before != t->held || now - t->hist[h].index > RT_AWAIT_WINDOW)
    {
      hist_drop (t, h + 1);
      return;
    }
  for (uint32_t i = h + 1; i < t->n_hist && t->held != 0; i++)
    if (t->hist[i].held_before != t->held)
      return;
  /* writes that did not restore their value: unless all are in the
   * thread's own stack, which the fingerprint judges instead */
  uint64_t fp = 0;
  if (!pure_window (t->hist, h, t->n_hist, 0, 0))
    {
      /* the part the fingerprint hashes lies between this frame and the
       * stack's top: a write outside that ends the loop without unwinding
       * (lbzip2's decoders spent a third of their run in the unwinder) */
      if (!pure_window (t->hist, h, t->n_hist, (uintptr_t) __builtin_frame_address (0), own_stack_top (me)))
        {
          hist_drop (t, h + 1);
          return;
        }
      uintptr_t own_lo = 0, own_hi = 0;
      fp = fingerprint (me, p, &own_lo, &own_hi);
      if (fp == 0 || !pure_window (t->hist, h, t->n_hist, own_lo, own_hi))
        {
          hist_drop (t, h + 1);
          return;
        }
    }
  /* what the iteration read, and whether any of it changed since */
  uint32_t n = 0;
  int clock = 0;
  switch (window_reads (t, t->hist, h, t->n_hist, me, now, &n, &clock))
    {
    case READS_CHANGED:
      hist_drop (t, h + 1);
      return;
    case READS_TOO_MANY:
      return;   /* too much to watch: not recognised */
    case READS_SAME:
      break;
    }
  /* the iteration changed no memory; did it change the thread's own
   * state?  The fingerprint of the step that began it was taken when that
   * step was published (below); one not taken (the first repetition) or a
   * different one: no waiting loop yet, this step's is kept for the next */
  if (fp == 0)
    fp = fingerprint (me, p, NULL, NULL);
  if (fp == 0)
    return;   /* cannot tell: every iteration is explored */
  if (t->hist[h].fp != fp)
    {
      t->pend_fp = fp;
      t->pend_from = h;
      return;
    }
  rt_sched_passing_note (t, t->hist, h, t->n_hist, (uintptr_t) __builtin_frame_address (0),
                         own_stack_top (me));
  t->win_from = h;
  t->loop_gen = loop_frame_gen (t->hist[h].gen);
  await_begin (me, t, n, clock, now);
}

/* Thread @tid's pending step is chosen as step @k.  What Await makes of
 * it must be a function of the trace, not of the schedule that ran it:
 * its publication came right after its thread's previous step, and other
 * threads' steps that are independent of that step may run before or
 * after the publication (tests/explorer/await_order.c).  A check that
 * found the iteration unchanged and kept its fingerprint for the next one
 * (pend_fp) is judged again at the step: a write that came between
 * publication and step spoils the iteration as it would have spoiled the
 * check had it come before, and the fingerprint is not kept. */
void
rt_sched_await_chosen (uint32_t tid, uint32_t k)
{
  RtSThread *t = &th[tid];
  if (t->pend_fp == 0 || t->pend_from >= t->n_hist)
    return;
  uint32_t n = 0;
  int clock = 0;
  if (window_reads (t, t->hist, t->pend_from, t->n_hist, tid, k, &n, &clock) != READS_SAME)
    {
      hist_drop (t, t->pend_from + 1);
      t->pend_fp = 0;
    }
}

/* Steps completed since the last look: do they wake awaiting threads? */
void
rt_sched_await_wake_awaiters (uint32_t upto)
{
  if (n_awaiting == 0)
    {
      wake_checked = upto;
      return;
    }
  for (uint32_t x = wake_checked; x < upto && n_awaiting > 0; x++)
    {
      const AugurSchedStep *s = &shm->steps[x];
      for (uint32_t k = 0; k < n_awaiting; k++)
        {
          uint32_t t = awaiting[k];
          RtSThread *a = &th[t];
          if (x < a->await_from || s->tid == t)
            continue;
          int hit = a->await_clock && (s->xflags & AUGUR_SXF_CLOCK_JUMP);
          for (uint32_t j = 0; j < a->n_await && !hit; j++)
            hit = changes (s, &a->await_r[j]);
          if (hit)
            {
              rt_sched_await_wake (t, x + 1);
              k--;
            }
        }
    }
  wake_checked = upto;
}

/* Nothing can run: if some thread waits on time, the clock moves on. */
int
rt_sched_await_clock_jump (void)
{
  if (shm->clock_jumps >= RT_MAX_JUMPS)
    return 0;
  int any = 0;
  for (uint32_t k = 0; k < n_awaiting; k++)
    any |= th[awaiting[k]].await_clock;
  for (uint32_t t = 0; t < rt_sched_n_threads && !any; t++)
    any = th[t].state == AUGUR_STH_ENABLED && th[t].has_pending
          && th[t].pending.op == AUGUR_SOP_COND_WAKE && (th[t].pending.flags & AUGUR_SF_TIMED)
          && !rt_sched_cond_woken (t);
  if (!any)
    return rt_sched_alarm_fire ();
  shm->clock_jumps++;
  rt_sched_await_jump_pending = 1;
  for (uint32_t k = 0; k < n_awaiting;)
    {
      uint32_t t = awaiting[k];
      if (th[t].await_clock)
        rt_sched_await_wake (t, 0);
      else
        k++;
    }
  return 1;
}

/* ------------------------------------------------------------------ */
/* Accesses that are no steps */

/* The completed step before an invisible access goes into the history
 * first (history is added lazily, at the next step's publication). */
static void
hist_catch_up (RtSThread *t)
{
  if (t->last_step != RT_NONE && t->hist_upto != t->last_step + 1)
    {
      rt_sched_await_hist_add (t, t->last_step, t->held_before_step);
      t->hist_upto = t->last_step + 1;
    }
}

/* Has the history, since the thread's last step, an invisible access of
 * this kind, place and instruction?  The first one stays: a read's older
 * count of invisible writes is the cautious one, a write's value before
 * the first is what the iteration must leave. */
static int
hist_has_invisible (const RtSThread *t, uint8_t op, uint64_t addr, uint32_t sz, uintptr_t ra)
{
  for (uint32_t k = t->n_hist; k-- > 0 && t->hist[k].invisible;)
    if (t->hist[k].step.op == op && t->hist[k].step.obj == addr && t->hist[k].step.size == sz
        && t->hist[k].ra == ra)
      return 1;
  return 0;
}

/* An invisible access into the history: a read (the loop waits for its
 * write), or a write with the value it overwrites (the loop waits only if
 * the iteration puts it back: pure_window). */
static void
hist_add_invisible (RtSThread *t, uint32_t me, uint8_t op, uint64_t addr, uint32_t sz, uintptr_t ra)
{
  if (t->n_hist == RT_HIST_MAX)
    hist_drop (t, 1);
  RtHist *h = &t->hist[t->n_hist++];
  memset (h, 0, sizeof *h);
  h->ra = ra;
  h->step.op = op;
  h->step.obj = addr;
  h->step.size = sz;
  AugurRecord r;
  rt_pc (ra, &r);   /* where a hang says the loop waits */
  h->step.pc = r.pc;
  h->step.module = r.module;
  h->step.tid = (uint16_t) me;
  h->index = shm->n_steps;
  h->held_before = t->held;
  h->invisible = 1;
  h->inv_seq = rt_sched_await_inv_seq;
  h->gen = frame_stamp ();
  h->site = frame_site ();
  if (op == AUGUR_SOP_WRITE)
    {
      h->has_old = 1;
      h->old = rt_sched_peek (addr, sz);
    }
  else
    {
      rt_sched_passing_read (t, &h->step, UINT32_MAX, 0, 0, h->gen, h->site);
      yw_note (t, h);
    }
}

/* An invisible write into thread me's yield window: one into its own
 * stack is left to the fingerprint, a word goes in with the value it
 * overwrites, anything else spoils the window. */
static void
yw_invisible_write (RtSThread *t, uint32_t me, uint8_t kind, uint64_t at, uint32_t sz, uintptr_t ra)
{
  if (!t->yw_open || t->yw_dirty)
    return;
  uintptr_t sp = (uintptr_t) __builtin_frame_address (0);
  uint64_t top = own_stack_top (me);
  if (top != 0 && at >= sp && at + sz <= top)
    return;
  AugurSchedStep as_step = { .op = AUGUR_SOP_WRITE, .obj = at, .size = sz };
  if (kind != AUGUR_EV_WRITE || !rt_sched_value_write (&as_step))
    {
      t->yw_dirty = 1;
      return;
    }
  RtHist h;
  memset (&h, 0, sizeof h);
  h.step = as_step;
  h.step.tid = (uint16_t) me;
  h.index = shm->n_steps;
  h.held_before = t->held;
  h.invisible = 1;
  h.ra = ra;
  h.has_old = 1;
  h.old = rt_sched_peek (at, sz);
  yw_note (t, &h);
}

/* An access that is not a step (pruned by static facts: no data race is
 * possible there, but a lock-protected variable still changes), which
 * Await must still see.  A write of a word goes into the history with
 * the value it overwrites (a loop that counts in memory is not waiting,
 * one that sets a flag to what it was is: thread pools post a semaphore's
 * `v = 1` in their shutdown poll); another write forgets the thread's
 * loop history.  A write is remembered for the other threads' loops, and
 * wakes those that wait on it; a read goes into the history, so that a
 * loop that waits on it waits for its write. */
void
rt_sched_await_invisible_access (uint8_t kind, const void *addr, size_t size, uintptr_t ra)
{
  uint32_t me = rt_self.tid;
  if (me >= RT_MAXT || th[me].state != AUGUR_STH_ENABLED)
    return;
  RtSThread *t = &th[me];
  if (RT_UNLIKELY (++t->inv_since >= RT_POLL_EVERY))
    {
      /* a loop of accesses that are no steps: a step, after which this
       * access goes into the history as usual (the yield resets the
       * count when it is published) */
      rt_sched_yield (ra);
      if (th[me].state != AUGUR_STH_ENABLED)
        return;
    }
  uint32_t sz = size > 64 ? 64 : (uint32_t) (size ? size : 1);
  uint64_t at = (uint64_t) (uintptr_t) addr;
  if (kind == AUGUR_EV_WRITE || kind == AUGUR_EV_WRITE_RANGE)
    {
      yw_invisible_write (t, me, kind, at, sz, ra);
      /* A write into the thread's own live stack is left to the
       * fingerprint, which hashes it (a loop counter there makes the
       * iterations differ), as for a visible one: a CAS loop's `expected =
       * 0`, pruned, must not hide a spin that waits */
      int forgets = t->n_hist != 0 || (t->last_step != RT_NONE && t->hist_upto != t->last_step + 1);
      if (forgets)
        {
          uintptr_t wa = (uintptr_t) addr, sp = (uintptr_t) __builtin_frame_address (0);
          uint64_t top = own_stack_top (me);
          forgets = !(top != 0 && wa >= sp && wa + sz <= top);
        }
      AugurSchedStep as_step = { .op = AUGUR_SOP_WRITE, .obj = at, .size = sz };
      if (forgets && kind == AUGUR_EV_WRITE && rt_sched_value_write (&as_step))
        {
          hist_catch_up (t);
          if (t->n_hist != 0 && !hist_has_invisible (t, AUGUR_SOP_WRITE, at, sz, ra))
            hist_add_invisible (t, me, AUGUR_SOP_WRITE, at, sz, ra);
          forgets = 0;
        }
      if (forgets)
        {
          t->n_hist = 0;
          rt_sched_passing_forget (t);
          if (t->last_step != RT_NONE)
            t->hist_upto = t->last_step + 1;
        }
      RtInvWrite *w = &inv_ring[++rt_sched_await_inv_seq % RT_INV_RING];
      w->seq = rt_sched_await_inv_seq;
      w->addr = (uint64_t) (uintptr_t) addr;
      w->size = sz;
      w->tid = me;
      for (uint32_t k = 0; k < n_awaiting; k++)
        {
          RtSThread *a = &th[awaiting[k]];
          int hit = 0;
          for (uint32_t j = 0; j < a->n_await && !hit; j++)
            hit = augur_sched_ranges_overlap (w->addr, sz, a->await_r[j].obj,
                                              augur_sched_step_size (&a->await_r[j]));
          if (hit)
            {
              /* the write is no step: the writer's last step, which
               * comes before it, is what the woken thread comes after
               * (with none, DPOR forced one more iteration of the loop
               * before the writer in each run, for ever) */
              rt_sched_await_wake (awaiting[k], t->last_step != RT_NONE ? t->last_step + 1 : 0);
              k--;
            }
        }
      return;
    }
  hist_catch_up (t);
  /* a read the history has since the last step is not added again: a
   * loop of such reads alone (`while (!ready) {}`) makes RT_POLL_EVERY of
   * them between two yields, which would push the first yield out of the
   * history */
  if (!hist_has_invisible (t, AUGUR_SOP_READ, at, sz, ra))
    hist_add_invisible (t, me, AUGUR_SOP_READ, at, sz, ra);
}

/* ------------------------------------------------------------------ */
/* Time */

void
rt_sched_kernel_wait (int call, uintptr_t ra)
{
  if (!rt_sched_is_on ())
    return;
  if (call == AUGUR_KERNEL_WAIT_NONE)
    {
      __atomic_store_n (&shm->kernel_wait, 0, __ATOMIC_RELEASE);
      return;
    }
  AugurRecord r;
  rt_pc (ra, &r);
  if ((call & AUGUR_KERNEL_WAIT_ALSO) && shm->world_wait_call == 0)
    {
      shm->world_wait_pc = r.pc;
      shm->world_wait_module = r.module;
      shm->world_wait_call = (uint8_t) (call & ~AUGUR_KERNEL_WAIT_ALSO);
    }
  shm->kernel_wait_pc = r.pc;
  shm->kernel_wait_module = r.module;
  shm->kernel_wait_call = (uint8_t) call;
  __atomic_store_n (&shm->kernel_wait, rt_self.tid + 1, __ATOMIC_RELEASE);
}

int
rt_sched_yield (uintptr_t ra)
{
  if (!rt_sched_is_on ())
    return 0;
  AugurSchedStep s;
  rt_sched_make_step (&s, AUGUR_SOP_YIELD, AUGUR_EV_SLEEP, 0, 0, ra);
  rt_sched_point (&s, 0);
  return 1;
}

/* What the calling thread knows of the clock (rt-sched-deadline.c): its
 * own wait of @ns, after which the clock is at least that much later. */
static void
seen_passes (uint64_t ns)
{
  uint32_t me = rt_self.tid;
  if (me < RT_MAXT)
    th[me].clock_seen = (th[me].clock_seen != 0 ? th[me].clock_seen : RT_CLOCK_BASE_NS) + ns;
}

void
rt_sched_clock_waited (uint64_t ns)
{
  clock_waited += ns;
  seen_passes (ns);
}

/* The virtual clock as the last read left it, and the timeouts since. */
static uint64_t
clock_now (void)
{
  return RT_CLOCK_BASE_NS + (uint64_t) shm->clock_jumps * RT_CLOCK_JUMP_NS + clock_ticks * 1000u
         + clock_waited;
}

uint64_t
rt_sched_clock_now (void)
{
  return clock_now ();
}

void
rt_sched_clock_move_to (uint64_t ns)
{
  uint64_t now = clock_now ();
  if (ns > now)
    clock_waited += ns - now;
}

int
rt_sched_clock (uint64_t *ns, uintptr_t ra)
{
  if (!rt_sched_is_on ())
    return 0;
  AugurSchedStep s;
  rt_sched_make_step (&s, AUGUR_SOP_READ, AUGUR_EV_TIME, AUGUR_SCHED_CLOCK_OBJ, 8, ra);
  s.flags |= AUGUR_SF_ATOMIC;
  s.xflags |= AUGUR_SXF_CLOCK;
  rt_sched_point (&s, 0);
  /* A microsecond later than the last read if anything but pure steps
   * (reads, sleeps, lock/unlock pairs: pure_step) happened since: a loop
   * that only polls sees the same time each iteration, and can await the
   * clock; `t1 = now (); work (); t2 = now ()` sees t2 > t1. */
  uint32_t upto = shm->n_steps < AUGUR_SCHED_MAX_STEPS ? shm->n_steps : AUGUR_SCHED_MAX_STEPS;
  int moved = 0;
  for (uint32_t x = clock_upto; x < upto && !moved; x++)
    moved = !pure_step (&shm->steps[x], 0) || (shm->steps[x].xflags & AUGUR_SXF_CLOCK_JUMP);
  clock_upto = upto;
  clock_ticks += (uint64_t) moved;
  *ns = clock_now ();
  if (rt_self.tid < RT_MAXT)
    th[rt_self.tid].clock_seen = *ns;
  return 1;
}

void
rt_sched_timed_out (uint64_t ns, uintptr_t ra)
{
  if (!rt_sched_is_on ())
    return;
  /* a step: the explorer orders it with the other threads' reads of the
   * clock (AUGUR_SXF_CLOCK_JUMP writes it), so a read before the timeout
   * and one after are both explored, and a replay sees the same times.
   * The clock moves by the whole timeout, not to a deadline taken at the
   * call: timeouts then add up in any order (two of them commute, as the
   * explorer takes them to), and what a read sees depends only on the
   * timeouts before it; more time than the waits overlapped is a
   * possible run (a slow machine). */
  AugurSchedStep s;
  rt_sched_make_step (&s, AUGUR_SOP_YIELD, AUGUR_EV_TIME, 0, 0, ra);
  s.xflags |= AUGUR_SXF_CLOCK_JUMP;
  s.arg = ns;   /* for the report: how long it waited */
  rt_sched_point (&s, 0);
  clock_waited += ns;
  seen_passes (ns);
}

int
rt_sched_sleep (uint64_t ns, uintptr_t ra)
{
  if (!rt_sched_is_on ())
    return 0;
  AugurSchedStep s;
  rt_sched_make_step (&s, AUGUR_SOP_YIELD, AUGUR_EV_SLEEP, 0, 0, ra);
  if (ns != 0)
    s.xflags |= AUGUR_SXF_CLOCK_JUMP;
  rt_sched_point (&s, 0);
  clock_waited += ns;
  seen_passes (ns);
  return 1;
}
