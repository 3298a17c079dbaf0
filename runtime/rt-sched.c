/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sched.c — the controlled scheduler: one thread runs at a time, and the
 * explorer decides who, at every visible operation.  Protocol and shared
 * page: common/augur-sched-format.h; the other two parts of the scheduler:
 * rt-sched-private.h.
 *
 * The token.  A thread reaching a visible operation publishes it (pending)
 * and, if it holds the token, chooses the next step itself (choose()) and
 * hands the token over; else it waits for the token (a futex on real
 * threads, a fiber switch in the execution server).  The chosen step is
 * appended to steps[] *before* it executes; the intercept's after-hook
 * completes it (a CAS that failed is a read, a trylock that failed only
 * probed).  The choice: prefix[k] for the first prefix_len steps, then
 * (PCT: the highest priority, else) the current thread while it can go
 * on, but not for more than RT_FAIR_RUN steps in a row when another thread
 * could run (fairness: no thread spins the step budget away), then the
 * next thread that can, in round-robin order.  Threads in the sleep set
 * are never chosen.
 *
 * The end of the process.  exit(), _exit(), quick_exit(), the return
 * from main, a failed assertion, abort() and (on real threads) a fatal
 * signal are END steps.  Until the process really ends, the other threads
 * may take any number of steps, so an END is enabled only when no other
 * thread can run: every thread is finished or blocked (then the END ends
 * the process, killing those), and the explorer never needs to move an
 * END earlier (it is always the last step; a failure is recorded when it
 * happens).  If the others keep running for exit_steps steps, the END is
 * forced (AUGUR_SST_EXIT_BOUND: that execution was cut).
 *
 * Await.  A thread that waits in a loop (`while (!flag) ;`, a poll with
 * usleep, a trylock retry, a CAS spin) would otherwise make the explorer
 * run iteration after iteration, each a new interleaving, for ever.  When
 * a thread is about to repeat a step (same instruction, same object) and
 * everything it did since that step only read memory (reads, failed CAS
 * and trylocks, lock/unlock pairs, sleeps, time functions, wake-ups that
 * no signal caused), while holding no lock, and nothing it read has been
 * written by another thread since it read it, and its own state (its stack
 * and callee-saved registers, fingerprinted: a loop counter) is what it was
 * at the previous repetition, then the next iteration would repeat the
 * last one exactly: the thread is AWAITING and not enabled until another
 * thread writes something it read (its next step is marked
 * AUGUR_SXF_AWOKEN).  If nothing else can run, it waits for ever: a hang
 * (livelock) that the explorer reports.  A loop is thus recognised on its
 * third iteration.  What the runtime cannot see can still make a loop that
 * progresses look like one that waits: thread-local variables, state kept
 * by code not built with augur-cc (rand's seed).
 *
 * The virtual clock.  Time functions return a clock that starts at a fixed
 * date and moves by a microsecond at a call if anything but pure steps
 * happened since the last one (a polling loop sees time stand still, and
 * can await it; work between two calls takes time); sleeps return at once (they
 * are YIELD steps).  When no thread can run but some wait on time (a
 * timed condition wait that already timed out once, an awaiting loop
 * that read the clock), the clock jumps by an hour and they run on: time
 * passes only when everybody waits, at most RT_MAX_JUMPS times per
 * execution.
 */
#include "config.h"

#include "runtime/rt-sched-private.h"
#include "runtime/rt-fiber.h"
#include "runtime/rt-thread.h"

#include <dlfcn.h>
#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <unwind.h>

#define RT_FAIR_RUN 1000u         /* steps in a row before another thread gets a turn */
#define RT_MAX_JUMPS 8u           /* clock jumps per execution */
#define RT_EXIT_STEPS 10000u      /* default of shm->exit_steps */
#define RT_AWAIT_WINDOW 20000u    /* an iteration older than this many steps is not checked */
#define RT_CLOCK_BASE_NS 1767225600000000000ull   /* 2026-01-01 00:00:00 UTC */
#define RT_CLOCK_JUMP_NS 3600000000000ull         /* an hour */

int rt_sched_on;
int rt_sched_mode;                /* AUGUR_SCHED was given */
AugurSchedShm *rt_sched_shm;
RtSThread *rt_sth;
static size_t sth_bytes;

bool
rt_sched_tables_setup (void **lo, size_t *size)
{
  if (rt_sth == NULL)
    {
      sth_bytes = ((size_t) RT_MAXT * sizeof (RtSThread) + 4095) & ~(size_t) 4095;
      void *p = rt_sys_mmap (NULL, sth_bytes, PROT_READ | PROT_WRITE,
                             MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (p == MAP_FAILED)
        return false;
      rt_sth = p;
    }
  if (lo != NULL)
    *lo = rt_sth;
  if (size != NULL)
    *size = sth_bytes;
  return true;
}
uint32_t rt_sched_cur;
uint32_t rt_sched_n_threads;
uint32_t rt_sched_stop_step = UINT32_MAX;

#define shm rt_sched_shm
#define th rt_sth
#define cur rt_sched_cur

static uint32_t filtered;         /* steps [prefix_len-1, filtered) applied to the sleep set */
static uint32_t n_sleep;
static AugurSchedStep sleep_set[AUGUR_SCHED_MAX_SLEEP];
static uint32_t run_len;          /* steps in a row of the last step's thread */
static uint32_t n_ending;         /* threads whose pending step is END */
static uint32_t end_asked_at;     /* steps taken when the first END was asked for */
static uint32_t wake_checked;     /* steps before this were looked at for Await wake-ups */
static uint32_t n_awaiting;
static uint16_t awaiting[RT_MAXT];
static int jump_pending;          /* the next step gets AUGUR_SXF_CLOCK_JUMP */
/* The last writes that were no steps (pruned by static facts): Await must
 * see them to judge a loop (inv_seq counts them, the ring keeps the last
 * RT_INV_RING). */
#define RT_INV_RING 64u
typedef struct {
  uint64_t seq;
  uint64_t addr;
  uint32_t size;
  uint32_t tid;
} RtInvWrite;
static RtInvWrite inv_ring[RT_INV_RING];
static uint64_t inv_seq;
static uint64_t clock_ticks;     /* microseconds the clock moved on by reads */
static uint32_t clock_upto;      /* steps before this were looked at by a clock read */
/* choose()'s view of the END steps and spurious wake-ups, computed once
 * per choice */
static uint32_t first_ender;
static int others_can_run;        /* a thread that is not ending can run (not only spuriously) */
static int end_forced;
/* PCT state (random_seed != 0) */
static uint64_t pct_rng;
static uint32_t pct_d;
static uint32_t pct_prio[RT_MAXT];
static uint32_t pct_change[16];

static uint32_t
pct_next (void)
{
  pct_rng ^= pct_rng << 13;
  pct_rng ^= pct_rng >> 7;
  pct_rng ^= pct_rng << 17;
  return (uint32_t) (pct_rng >> 11);
}

/* ------------------------------------------------------------------ */
/* Futexes and ending */

static long
futex (int *addr, int op, int val)
{
  return rt_sys_futex (addr, op, val);
}

static void
wait_turn (uint32_t me)
{
  while (!__atomic_load_n (&th[me].wake, __ATOMIC_ACQUIRE))
    futex (&th[me].wake, FUTEX_WAIT_PRIVATE, 0);
  th[me].wake = 0;
}

static void
give_turn (uint32_t t)
{
  __atomic_store_n (&th[t].wake, 1, __ATOMIC_RELEASE);
  futex (&th[t].wake, FUTEX_WAKE_PRIVATE, 1);
}

static int base_enabled (uint32_t t);

static void
snapshot_threads (void)
{
  uint32_t n = rt_sched_n_threads;
  for (uint32_t t = 0; t < n; t++)
    {
      AugurSchedThread *s = &shm->threads[t];
      s->state = (uint8_t) th[t].state;
      s->spurious = 0;
      s->owner = RT_NONE;
      s->await_obj = 0;
      if (th[t].state == AUGUR_STH_ENABLED && th[t].has_pending)
        {
          s->pending = th[t].pending;
          s->state = th[t].awaiting ? AUGUR_STH_AWAITING : AUGUR_STH_BLOCKED;
          if (th[t].awaiting)
            {
              const AugurSchedStep *r = &th[t].await_r[0];
              s->await_obj = th[t].n_await > 0 ? r->obj : AUGUR_SCHED_CLOCK_OBJ;
              s->await_size = th[t].n_await > 0 ? r->size : 8;
              s->await_pc = th[t].n_await > 0 ? r->pc : th[t].pending.pc;
              continue;
            }
          if (th[t].pending.op == AUGUR_SOP_COND_WAKE && !th[t].ending && base_enabled (t) == 2)
            s->spurious = 1;
          uint64_t m = th[t].pending.op == AUGUR_SOP_COND_WAKE ? th[t].pending.arg : th[t].pending.obj;
          RtSObj *o = rt_sched_obj (m, RT_OBJ_FREE);
          if (o != NULL)
            s->owner = o->owner;
          if (th[t].pending.op == AUGUR_SOP_JOIN)
            s->owner = (uint32_t) th[t].pending.arg;
        }
    }
}

void
rt_sched_end_now (uint32_t status, int threads)
{
  if (threads)
    snapshot_threads ();
  __atomic_store_n (&shm->status, status, __ATOMIC_RELEASE);
  __atomic_store_n (&rt_sched_on, 0, __ATOMIC_RELEASE);
  if (rt_fibers)
    rt_fiber_to_server ();
  rt_sys_exit_group (0);
  __builtin_unreachable ();
}

/* ------------------------------------------------------------------ */
/* Await */

/* The value of the up to 8 bytes at a, read by the runtime (not seen). */
static uint64_t
peek (uint64_t a, uint32_t size)
{
  switch (size)
    {
    case 1: return *(const volatile uint8_t *) (uintptr_t) a;
    case 2: return *(const volatile uint16_t *) (uintptr_t) a;
    case 4: return *(const volatile uint32_t *) (uintptr_t) a;
    default: return *(const volatile uint64_t *) (uintptr_t) a;
    }
}

/* A write the loop check can judge by value (a variable, not a range). */
static int
value_write (const AugurSchedStep *s)
{
  return s->op == AUGUR_SOP_WRITE && !(s->flags & AUGUR_SF_RANGE) && !(s->xflags & AUGUR_SXF_FREE)
         && (s->size == 1 || s->size == 2 || s->size == 4 || s->size == 8)
         && (s->obj & (s->size - 1)) == 0;
}

/* A completed step that changes nothing a loop could depend on (a write
 * is judged later, by the value it left: pure_window). */
static int
pure_step (const AugurSchedStep *s, int has_old)
{
  if (s->xflags & AUGUR_SXF_CLOCK_JUMP)
    return 0;
  if (has_old && value_write (s))
    return 1;
  switch (s->op)
    {
    case AUGUR_SOP_READ:
    case AUGUR_SOP_TRYLOCK_FAIL:
    case AUGUR_SOP_YIELD:
    case AUGUR_SOP_COND_WAIT:
      return 1;
    case AUGUR_SOP_LOCK:
    case AUGUR_SOP_UNLOCK:
    case AUGUR_SOP_RDLOCK:
    case AUGUR_SOP_WRLOCK:
    case AUGUR_SOP_RWUNLOCK:
      return !(s->flags & AUGUR_SF_FAILED);
    case AUGUR_SOP_COND_WAKE:
      return (s->flags & AUGUR_SF_TIMEOUT) || (s->xflags & AUGUR_SXF_SPURIOUS);
    case AUGUR_SOP_SIGNAL:
    case AUGUR_SOP_BROADCAST:
      return (s->xflags & AUGUR_SXF_NO_WAITER) != 0;
    default:
      return 0;
    }
}

/* A completed step whose result depends on memory others may write. */
static int
reads_state (const AugurSchedStep *s)
{
  return s->op == AUGUR_SOP_READ || s->op == AUGUR_SOP_TRYLOCK_FAIL;
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

static void
hist_drop (RtSThread *t, uint32_t upto)
{
  memmove (&t->hist[0], &t->hist[upto], (t->n_hist - upto) * sizeof t->hist[0]);
  t->n_hist -= upto;
}

/* Thread t's last step completed: into its history, or the history is
 * cleared if that step changed something. */
static void
hist_add (RtSThread *t, uint32_t index, uint32_t held_before)
{
  const AugurSchedStep *s = &shm->steps[index];
  int has_old = t->pend_has_old && value_write (s);
  if (!pure_step (s, has_old))
    {
      t->n_hist = 0;
      return;
    }
  if (t->n_hist == RT_HIST_MAX)
    hist_drop (t, 1);
  RtHist *h = &t->hist[t->n_hist++];
  h->step = *s;
  h->index = index;
  h->held_before = held_before;
  h->has_old = (uint32_t) has_old;
  h->old = t->pend_old;
  h->invisible = 0;
  h->inv_seq = t->pend_inv_seq;
  h->fp = t->pend_fp;
}

/* Did an invisible write of another thread touch what r read, after it
 * read it (since = inv_seq then)?  Lost track: yes. */
static int
inv_changed (const AugurSchedStep *r, uint64_t since, uint32_t me)
{
  if (inv_seq - since >= RT_INV_RING)
    return 1;
  for (uint64_t q = since + 1; q <= inv_seq; q++)
    {
      const RtInvWrite *w = &inv_ring[q % RT_INV_RING];
      if (w->tid != me && augur_sched_ranges_overlap (w->addr, w->size, r->obj, augur_sched_step_size (r)))
        return 1;
    }
  return 0;
}

/* The writes of hist[h..]: did each variable they wrote end with the
 * value it had before the first of them (a -O0 temporary, a flag set
 * again to what it was)?  Then the iteration changed nothing. */
static int
pure_window (const RtSThread *t, uint32_t h)
{
  for (uint32_t i = h; i < t->n_hist; i++)
    {
      const RtHist *e = &t->hist[i];
      if (!e->has_old)
        continue;
      int first = 1;
      for (uint32_t j = h; j < i && first; j++)
        first = !(t->hist[j].has_old && t->hist[j].step.obj == e->step.obj);
      if (first && peek (e->step.obj, e->step.size) != e->old)
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

static _Unwind_Reason_Code (*uw_backtrace) (_Unwind_Trace_Fn, void *);
static _Unwind_Ptr (*uw_get_ip) (struct _Unwind_Context *);
static _Unwind_Word (*uw_get_cfa) (struct _Unwind_Context *);
static _Unwind_Word (*uw_get_gr) (struct _Unwind_Context *, int);

void
rt_sched_find_unwinder (void)
{
  /* libgcc_s is loaded by now (rt-start.c); dlsym may allocate, so this
   * runs once at start, where nothing is recorded */
  void *gcc = dlopen ("libgcc_s.so.1", RTLD_NOW | RTLD_NOLOAD);
  if (gcc == NULL)
    gcc = dlopen ("libgcc_s.so.1", RTLD_NOW);   /* glibc's backtrace loaded it locally */
  if (gcc == NULL)
    return;   /* no fingerprints: no loop is taken for a waiting one */
  uw_get_ip = (_Unwind_Ptr (*) (struct _Unwind_Context *)) dlsym (gcc, "_Unwind_GetIP");
  uw_get_cfa = (_Unwind_Word (*) (struct _Unwind_Context *)) dlsym (gcc, "_Unwind_GetCFA");
  uw_get_gr = (_Unwind_Word (*) (struct _Unwind_Context *, int)) dlsym (gcc, "_Unwind_GetGR");
  void *bt = dlsym (gcc, "_Unwind_Backtrace");
  if (uw_get_ip != NULL && uw_get_cfa != NULL && uw_get_gr != NULL)
    uw_backtrace = (_Unwind_Reason_Code (*) (_Unwind_Trace_Fn, void *)) bt;
}

typedef struct {
  uintptr_t want;       /* the step's return address */
  uintptr_t below_cfa;  /* CFA of the frame below the last one seen: its stack pointer */
  uint64_t regs[6];
  int found;
  int depth;
} RtFrameFind;

static _Unwind_Reason_Code
find_frame (struct _Unwind_Context *ctx, void *arg)
{
  RtFrameFind *f = arg;
  if ((uintptr_t) uw_get_ip (ctx) == f->want && f->below_cfa != 0)
    {
      /* x86-64 DWARF numbers of rbx, rbp, r12-r15 */
      static const int callee_saved[6] = { 3, 6, 12, 13, 14, 15 };
      for (int i = 0; i < 6; i++)
        f->regs[i] = (uint64_t) uw_get_gr (ctx, callee_saved[i]);
      f->found = 1;
      return _URC_END_OF_STACK;
    }
  f->below_cfa = (uintptr_t) uw_get_cfa (ctx);
  return ++f->depth >= RT_FP_FRAMES ? _URC_END_OF_STACK : _URC_NO_REASON;
}

static uint64_t
fp_mix (uint64_t h, uint64_t v)
{
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdull;
}

/* Thread me's own state as it makes step p; 0 if it cannot be told (no
 * unwinder, the frame not found, the stack's top unknown). */
static uint64_t
fingerprint (uint32_t me, const AugurSchedStep *p)
{
  if (uw_backtrace == NULL || p->pc == 0)
    return 0;
  RtFrameFind f;
  memset (&f, 0, sizeof f);
  f.want = rt_module_bias (p->module) + p->pc + 1;
  /* the unwinder takes a mutex and may call other intercepted functions:
   * none of that is the program's */
  rt_guard_enter ();
  uw_backtrace (find_frame, &f);
  rt_guard_leave ();
  if (!f.found)
    return 0;
  uint64_t top;
  if (me == 0 && (!rt_fibers || rt_fiber_stack_top (0) == 0))
    {
      extern void *__libc_stack_end;
      top = (uint64_t) (uintptr_t) __libc_stack_end;
    }
  else
    top = rt_sched_stack_top ();
  uintptr_t lo = (f.below_cfa + 7) & ~(uintptr_t) 7;
  if (top <= lo)
    return 0;
  uintptr_t hi = top - lo > RT_FP_MAX ? lo + RT_FP_MAX : (uintptr_t) top;
  uint64_t h = 0x243f6a8885a308d3ull;
  for (int i = 0; i < 6; i++)
    h = fp_mix (h, f.regs[i]);
  for (const volatile uint64_t *w = (const uint64_t *) lo; (uintptr_t) (w + 1) <= hi; w++)
    h = fp_mix (h, *w);
  return h | 1;   /* never 0 */
}

static void
await_wake (uint32_t t, uint32_t by)
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

/* Thread me publishes p: does it start an iteration that repeats the last
 * one exactly?  Then it awaits a change. */
static void
check_await (uint32_t me, const AugurSchedStep *p)
{
  RtSThread *t = &th[me];
  if (shm->flags & AUGUR_SCHED_F_NO_ACCESSES)
    return;   /* no access is seen: no loop can be judged */
  if (t->held != 0 || t->n_hist == 0 || p->op == AUGUR_SOP_END || p->op == AUGUR_SOP_EXIT
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
  if (t->hist[h].held_before != t->held || now - t->hist[h].index > RT_AWAIT_WINDOW
      || !pure_window (t, h))
    {
      hist_drop (t, h + 1);
      return;
    }
  /* what the iteration read, and whether any of it changed since */
  uint32_t n = 0;
  int clock = 0;
  for (uint32_t i = h; i < t->n_hist; i++)
    {
      const AugurSchedStep *e = &t->hist[i].step;
      if (!reads_state (e))
        continue;
      if (e->xflags & AUGUR_SXF_CLOCK)
        clock = 1;
      uint32_t after = t->hist[i].invisible ? t->hist[i].index : t->hist[i].index + 1;
      for (uint32_t x = after; x < now; x++)
        if (shm->steps[x].tid != me && changes (&shm->steps[x], e))
          {
            hist_drop (t, h + 1);
            return;
          }
      if (inv_changed (e, t->hist[i].inv_seq, me))
        {
          hist_drop (t, h + 1);
          return;
        }
      if (e->xflags & AUGUR_SXF_CLOCK)
        continue;
      int dup = 0;
      for (uint32_t j = 0; j < n && !dup; j++)
        dup = t->await_r[j].obj == e->obj && t->await_r[j].size == e->size;
      if (dup)
        continue;
      if (n == RT_AWAIT_MAX)
        return;   /* too much to watch: not recognised */
      t->await_r[n++] = *e;
    }
  /* the iteration changed no memory; did it change the thread's own
   * state?  The fingerprint of the step that began it was taken when that
   * step was published (below); one not taken (the first repetition) or a
   * different one: no waiting loop yet, this step's is kept for the next */
  uint64_t fp = fingerprint (me, p);
  if (fp == 0)
    return;   /* cannot tell: every iteration is explored */
  if (t->hist[h].fp != fp)
    {
      t->pend_fp = fp;
      return;
    }
  t->n_await = n;
  t->await_clock = clock;
  t->await_from = now;
  t->awaiting = 1;
  awaiting[n_awaiting++] = (uint16_t) me;
}

/* Steps completed since the last look: do they wake awaiting threads? */
static void
wake_awaiters (uint32_t upto)
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
              await_wake (t, x + 1);
              k--;
            }
        }
    }
  wake_checked = upto;
}

/* Nothing can run: if some thread waits on time, the clock moves on. */
static int
clock_jump (void)
{
  if (shm->clock_jumps >= RT_MAX_JUMPS)
    return 0;
  int any = 0;
  for (uint32_t k = 0; k < n_awaiting; k++)
    any |= th[awaiting[k]].await_clock;
  for (uint32_t t = 0; t < rt_sched_n_threads && !any; t++)
    any = th[t].state == AUGUR_STH_ENABLED && th[t].has_pending
          && th[t].pending.op == AUGUR_SOP_COND_WAKE && (th[t].pending.flags & AUGUR_SF_TIMED)
          && !th[t].signalled;
  if (!any)
    return 0;
  shm->clock_jumps++;
  jump_pending = 1;
  for (uint32_t k = 0; k < n_awaiting;)
    {
      uint32_t t = awaiting[k];
      if (th[t].await_clock)
        await_wake (t, 0);
      else
        k++;
    }
  return 1;
}

/* ------------------------------------------------------------------ */
/* Enabledness and choice */

/* 0, 1, or 2: only by a spurious wake-up (rt_sched_obj_enabled) */
static int
base_enabled (uint32_t t)
{
  RtSThread *s = &th[t];
  if (s->state != AUGUR_STH_ENABLED || !s->has_pending || s->awaiting || s->ending)
    return 0;
  return rt_sched_obj_enabled (t);
}

/* The ENDs (which one runs: the lowest-numbered thread's; may it run:
 * nothing else can, or the others had their exit_steps) and the spurious wake-ups (possible only
 * while another thread can run). */
static void
choice_view (void)
{
  first_ender = RT_NONE;
  others_can_run = 0;
  end_forced = 0;
  uint32_t n = rt_sched_n_threads;
  for (uint32_t t = 0; t < n; t++)
    {
      RtSThread *s = &th[t];
      if (s->state == AUGUR_STH_ENABLED && s->has_pending && s->ending)
        {
          /* the lowest-numbered one: which thread asked first is the
           * order of steps that need not be ordered (independent), so it
           * must not decide which END runs */
          if (first_ender == RT_NONE)
            first_ender = t;
        }
      else if (!others_can_run && base_enabled (t) == 1)
        others_can_run = 1;
    }
  uint32_t limit = shm->exit_steps ? shm->exit_steps : RT_EXIT_STEPS;
  end_forced = first_ender != RT_NONE && others_can_run && shm->n_steps - end_asked_at >= limit;
}

/* May thread t take its step now, if a prefix asks for it?  A spurious
 * wake-up may (POSIX allows it at any time, even when nothing else can
 * run), but the scheduler never makes one on its own (chooseable): the
 * explorer asks for each where it matters (explorer/dpor.c), so that an
 * execution where it does not happen, a hang, is always seen. */
static int
enabled (uint32_t t)
{
  if (th[t].ending)
    return th[t].state == AUGUR_STH_ENABLED && th[t].has_pending && t == first_ender
           && (!others_can_run || end_forced);
  return base_enabled (t) != 0;
}

/* May the scheduler choose thread t by itself? */
static int
chooseable (uint32_t t)
{
  if (th[t].ending)
    return enabled (t);
  return base_enabled (t) == 1;
}

static int
asleep (uint32_t t)
{
  for (uint32_t k = 0; k < n_sleep; k++)
    if (sleep_set[k].tid == t)
      return 1;
  return 0;
}

/* Wake the sleep-set entries that executed steps depend on. */
static void
filter_sleep (void)
{
  uint32_t n = shm->n_steps;
  uint32_t from = shm->prefix_len > 0 ? shm->prefix_len - 1 : 0;
  if (filtered < from)
    filtered = from;
  for (; filtered < n; filtered++)
    {
      const AugurSchedStep *e = &shm->steps[filtered];
      uint32_t w = 0;
      for (uint32_t k = 0; k < n_sleep; k++)
        if (sleep_set[k].tid != e->tid && !augur_sched_dependent (e, &sleep_set[k]))
          sleep_set[w++] = sleep_set[k];
      n_sleep = w;
    }
}

/* The enabled-set log (AUGUR_SCHED_F2_LOG_ENABLED): changes only. */
static void
log_enabled (uint32_t k)
{
  uint32_t n = rt_sched_n_threads;
  for (uint32_t t = 0; t < n; t++)
    {
      uint8_t e = (uint8_t) (enabled (t) != 0);
      if (e == th[t].enabled_logged)
        continue;
      th[t].enabled_logged = e;
      uint32_t i = shm->n_enabled;
      if (i >= AUGUR_SCHED_MAX_ENABLED)
        {
          if (shm->enabled_lost_at == UINT32_MAX)
            shm->enabled_lost_at = k;
          continue;
        }
      shm->enabled[i].step = k;
      shm->enabled[i].tid = (uint16_t) t;
      shm->enabled[i].on = e;
      shm->n_enabled = i + 1;
    }
}

static int
any_enabled_thread (void)
{
  uint32_t n = rt_sched_n_threads;
  for (uint32_t t = 0; t < n; t++)
    if (chooseable (t))
      return 1;
  return 0;
}

static uint32_t
choose (void)
{
  filter_sleep ();
  uint32_t k = shm->n_steps;
  if (k >= shm->max_steps)
    rt_sched_end_now (AUGUR_SST_STEP_BOUND, 1);
  wake_awaiters (k);
  uint32_t n = rt_sched_n_threads;
  int fair = !(shm->flags2 & AUGUR_SCHED_F2_NO_FAIRNESS);
  for (;;)
    {
      choice_view ();
      if (shm->flags2 & AUGUR_SCHED_F2_LOG_ENABLED)
        log_enabled (k);
      if (k < shm->prefix_len)
        {
          uint32_t p = shm->prefix[k];
          if (p >= n || !enabled (p))
            {
              if (!any_enabled_thread () && clock_jump ())
                continue;
              if (rt_libc_getenv ("AUGUR_DEBUG_RT"))
                {
                  char b[256];
                  RtSObj *o = p < n ? rt_sched_obj (th[p].pending.obj, RT_OBJ_FREE) : NULL;
                  int len = snprintf (b, sizeof b, "rt: step %u wants t%u: state %d pend %d op %u await %d ending %d owner %u base %d\n",
                                      k, p, th[p].state, th[p].has_pending, th[p].pending.op, th[p].awaiting, th[p].ending,
                                      o ? o->owner : 999, base_enabled (p));
                  rt_sys_write (2, b, (size_t) len);
                }
              shm->diverged_at = k;
              rt_sched_end_now (k + 1 == shm->prefix_len ? AUGUR_SST_INFEASIBLE : AUGUR_SST_DIVERGED,
                                1);
            }
          if (shm->check_prefix && k + 1 < shm->prefix_len
              && (shm->expect[k].ev_kind != th[p].pending.ev_kind
                  || shm->expect[k].pc != th[p].pending.pc))
            {
              shm->diverged_at = k;
              rt_sched_end_now (AUGUR_SST_DIVERGED, 1);
            }
          return p;
        }
      if (end_forced && !asleep (first_ender))
        return first_ender;
      /* a thread that ran RT_FAIR_RUN steps in a row lets the others go
       * first, if one can */
      uint32_t tired = fair && run_len >= RT_FAIR_RUN ? cur : RT_NONE;
      if (shm->random_seed != 0)
        {
          /* PCT: the highest-priority enabled thread; at change point j
           * the running thread drops to priority j */
          for (uint32_t j = 0; j + 1 < pct_d && j < 16; j++)
            if (pct_change[j] == k && cur < RT_MAXT)
              pct_prio[cur] = j;
          uint32_t best = RT_NONE;
          for (uint32_t t = 0; t < n; t++)
            if (t != tired && chooseable (t) && !asleep (t)
                && (best == RT_NONE || pct_prio[t] > pct_prio[best]))
              best = t;
          if (best != RT_NONE)
            return best;
        }
      int cur_ok = cur < n && chooseable (cur) && !asleep (cur);
      if (cur_ok && cur != tired)
        return cur;
      int any = cur < n && chooseable (cur);
      for (uint32_t i = 1; i <= n; i++)
        {
          uint32_t t = (cur + i) % n;
          if (t == cur || !chooseable (t))
            continue;
          if (!asleep (t))
            return t;
          any = 1;
        }
      if (cur_ok)
        return cur;
      if (!any && clock_jump ())
        continue;
      rt_sched_end_now (any ? AUGUR_SST_SLEEP_BLOCKED : AUGUR_SST_DEADLOCK, 1);
    }
}

/* Logs thread next's pending operation as the next step. */
static void
append_step (uint32_t next)
{
  uint32_t k = shm->n_steps;
  AugurSchedStep *s = &shm->steps[k];
  *s = th[next].pending;
  s->tid = (uint16_t) next;
  if (s->op == AUGUR_SOP_OTHER && s->ev_kind == AUGUR_EV_ONCE)
    {
      /* a once whose routine another thread ran: ordered after it */
      RtSObj *o = rt_sched_obj (s->obj, RT_OBJ_FREE);
      if (o != NULL && o->count != 0)
        {
          s->flags |= AUGUR_SF_ONCE_DONE;
          s->size = o->count;
        }
    }
  if (th[next].woken)
    {
      /* the waking step, for the explorer's happens-before (never a cond
       * operation, whose arg is the mutex: those do not await) */
      s->xflags |= AUGUR_SXF_AWOKEN;
      s->arg = th[next].woken_by;
      th[next].woken = 0;
    }
  if (jump_pending)
    {
      s->xflags |= AUGUR_SXF_CLOCK_JUMP;
      jump_pending = 0;
    }
  run_len = k > 0 && shm->steps[k - 1].tid == next ? run_len + 1 : 1;
  th[next].last_step = k;
  __atomic_store_n (&shm->n_steps, k + 1, __ATOMIC_RELEASE);
}

static void finish_end (uint32_t t) __attribute__ ((noreturn));

/* The token holder picks the next step, logs it and hands the token over.
 * Returns once `me` may run again (at once if it was chosen). */
static void
schedule (uint32_t me)
{
  uint32_t next = choose ();
  append_step (next);
  if (next == me)
    return;
  if (rt_fibers && th[next].ending)
    finish_end (next);   /* the ending fiber is never resumed */
  cur = next;
  th[me].token = 0;
  if (rt_fibers)
    rt_fiber_switch (me, next);
  else
    {
      give_turn (next);
      wait_turn (me);
    }
  th[me].token = 1;
}

void
rt_sched_point (const AugurSchedStep *op, int try_op)
{
  uint32_t me = rt_self.tid;
  if (me >= RT_MAXT || th[me].state != AUGUR_STH_ENABLED)
    return;
  RtSThread *t = &th[me];
  int saved_errno = errno;
  /* its previous step has completed: history for Await */
  if (t->last_step != RT_NONE && t->hist_upto != t->last_step + 1)
    {
      hist_add (t, t->last_step, t->held_before_step);
      t->hist_upto = t->last_step + 1;
    }
  t->pending = *op;
  t->pending.tid = (uint16_t) me;
  t->try_op = try_op;
  t->has_pending = 1;
  t->held_before_step = t->held;
  t->pend_inv_seq = inv_seq;
  t->pend_fp = 0;
  t->pend_has_old = value_write (&t->pending);
  if (t->pend_has_old)
    t->pend_old = peek (t->pending.obj, t->pending.size);
  check_await (me, &t->pending);
  if (!t->parked)
    {
      __atomic_store_n (&t->parked, 1, __ATOMIC_RELEASE);
      if (!rt_fibers)
        futex (&t->parked, FUTEX_WAKE_PRIVATE, 1);
    }
  /* Not `cur == me`: a new thread may be chosen (and cur set) between its
   * publishing and this test; only a thread that holds the token chooses. */
  if (t->token)
    schedule (me);
  else
    {
      /* a new thread, parked: on fibers, back to its creator */
      if (rt_fibers)
        rt_fiber_switch (me, cur);
      else
        wait_turn (me);
      t->token = 1;
    }
  t->has_pending = 0;
  if (RT_UNLIKELY (t->last_step == rt_sched_stop_step))
    rt_sys_raise (SIGTRAP);
  errno = saved_errno;
}

AugurSchedStep *
rt_sched_my_step (void)
{
  uint32_t me = rt_self.tid;
  if (me >= RT_MAXT || th[me].last_step == RT_NONE)
    return NULL;
  return &shm->steps[th[me].last_step];
}

void
rt_sched_make_step (AugurSchedStep *s, uint8_t op, uint8_t ev_kind, uint64_t obj, uint32_t size,
                    uintptr_t ra)
{
  AugurRecord r;
  memset (s, 0, sizeof *s);
  rt_pc (ra, &r);
  s->op = op;
  s->ev_kind = ev_kind;
  s->obj = obj;
  s->size = size;
  s->pc = r.pc;
  s->module = r.module;
}

/* ------------------------------------------------------------------ */
/* Threads */

void
rt_sched_start_execution (void)
{
  /* the table is outside the snapshot: main's slot is cleared here, the
   * others when their threads are created */
  memset (&th[0], 0, offsetof (RtSThread, await_r));
  th[0].state = AUGUR_STH_ENABLED;
  th[0].parked = 1;
  th[0].token = 1;
  th[0].last_step = RT_NONE;
  cur = 0;
  rt_sched_n_threads = 1;
  n_sleep = shm->n_sleep < AUGUR_SCHED_MAX_SLEEP ? shm->n_sleep : AUGUR_SCHED_MAX_SLEEP;
  memcpy (sleep_set, shm->sleep, n_sleep * sizeof sleep_set[0]);
  filtered = 0;
  run_len = 0;
  n_ending = 0;
  end_asked_at = 0;
  wake_checked = 0;
  n_awaiting = 0;
  jump_pending = 0;
  clock_ticks = 0;
  clock_upto = 0;
  inv_seq = 0;
  shm->n_threads = 1;
  shm->n_objects = 0;
  shm->objects_lost_at = UINT32_MAX;
  shm->n_enabled = 0;
  shm->enabled_lost_at = UINT32_MAX;
  shm->n_failures = 0;
  shm->clock_jumps = 0;
  rt_sched_sync_reset ();
  if (shm->random_seed != 0)
    {
      pct_rng = shm->random_seed * 0x9e3779b97f4a7c15ull + 1;
      pct_d = shm->pct_depth ? shm->pct_depth : 3;
      for (uint32_t j = 0; j < 16; j++)
        pct_change[j] = shm->prefix_len + 1 + pct_next () % (shm->pct_steps ? shm->pct_steps : 100);
      pct_prio[0] = pct_d + pct_next () % 1000000u;
    }
}

void
rt_sched_thread_created (uint32_t c, uint32_t pc, uint8_t module)
{
  RtSThread *s = &th[c];
  memset (s, 0, offsetof (RtSThread, await_r));
  s->state = AUGUR_STH_ENABLED;
  s->last_step = RT_NONE;
  s->create_pc = pc;
  s->create_module = module;
  if (shm->random_seed != 0)
    pct_prio[c] = pct_d + pct_next () % 1000000u;
  if (c + 1 > rt_sched_n_threads)
    {
      /* numbers are taken at pthread_create's entry, so c may skip a
       * number whose CREATE has not run yet: its slot still holds the
       * previous execution's thread (the table is outside the snapshot)
       * and must not look live */
      for (uint32_t t = rt_sched_n_threads; t < c; t++)
        memset (&th[t], 0, offsetof (RtSThread, await_r)); /* AUGUR_STH_UNUSED */
      rt_sched_n_threads = c + 1;
    }
  if (c + 1 > shm->n_threads)
    shm->n_threads = c + 1;
}

void
rt_sched_hand_off_final (uint32_t me)
{
  /* `me` leaves the scheduler: give the token to someone else. */
  th[me].state = AUGUR_STH_EXITED;
  th[me].has_pending = 0;
  th[me].n_hist = 0;
  if (th[me].awaiting)
    await_wake (me, 0);
  int live = 0;
  for (uint32_t t = 0; t < rt_sched_n_threads && !live; t++)
    live = th[t].state == AUGUR_STH_ENABLED;
  if (!live)
    {
      /* the last thread ends (main called pthread_exit earlier): libc
       * exits the process with status 0, a normal end, not a deadlock */
      rt_sched_check_not_destroyed ();
      rt_sched_process_exit ();
      if (rt_fibers)
        {
          shm->wait_status = 0;
          rt_fiber_to_server ();
        }
      return;
    }
  uint32_t next = choose ();
  append_step (next);
  if (rt_fibers && th[next].ending)
    finish_end (next);
  cur = next;
  th[me].token = 0;
  if (rt_fibers)
    rt_fiber_finish (me, next);
  give_turn (next);
}

void
rt_sched_thread_exit (uintptr_t ra)
{
  uint32_t me = rt_self.tid;
  if (me >= RT_MAXT || th[me].state != AUGUR_STH_ENABLED)
    return;
  AugurSchedStep s;
  rt_sched_make_step (&s, AUGUR_SOP_EXIT, AUGUR_EV_THREAD_EXIT, 0, 0, ra);
  rt_sched_point (&s, 0);
  rt_sched_hand_off_final (me);
}

/* ------------------------------------------------------------------ */
/* The end of the process */

uint32_t
rt_sched_end_status (void)
{
  if (shm->n_failures > 0)
    return shm->failures[0].status;
  return end_forced ? AUGUR_SST_EXIT_BOUND : AUGUR_SST_DONE;
}

/* Thread t's END step was chosen, on fibers (the token holder runs
 * this; the ending fiber is never resumed): the execution's status and
 * its end. */
static void
finish_end (uint32_t t)
{
  const AugurSchedStep *e = &th[t].pending;
  if (e->arg == AUGUR_SEND_EXIT)
    rt_sched_check_not_destroyed ();
  uint32_t status = rt_sched_end_status ();
  snapshot_threads ();
  if (e->arg == AUGUR_SEND_EXIT)
    shm->wait_status = (int32_t) ((e->size & 0xff) << 8);
  else
    shm->wait_status = e->arg == AUGUR_SEND_SIGNAL ? (int32_t) e->size : SIGABRT;
  __atomic_store_n (&shm->status, status, __ATOMIC_RELEASE);
  rt_sched_process_exit ();
  rt_fiber_to_server ();
}

void
rt_sched_end (uint32_t kind, uint32_t status, uintptr_t ra)
{
  uint32_t me = rt_self.tid;
  if (!rt_sched_is_on () || me >= RT_MAXT || th[me].state != AUGUR_STH_ENABLED || th[me].ending)
    return;
  AugurSchedStep s;
  rt_sched_make_step (&s, AUGUR_SOP_END, AUGUR_EV_END, 0, status, ra);
  s.arg = kind;
  if (n_ending++ == 0)
    end_asked_at = shm->n_steps;
  th[me].ending = 1;
  if (th[me].awaiting)
    await_wake (me, 0);
  rt_sched_point (&s, 0);
  /* chosen: it is this thread that ends the process */
  if (rt_fibers)
    finish_end (me);
  if (kind == AUGUR_SEND_EXIT)
    rt_sched_check_not_destroyed ();
  uint32_t st = rt_sched_end_status ();
  snapshot_threads ();
  __atomic_store_n (&shm->status, st, __ATOMIC_RELEASE);
  rt_sched_process_exit ();
}

void
rt_sched_process_exit (void)
{
  if (!rt_sched_on)
    return;
  __atomic_store_n (&rt_sched_on, 0, __ATOMIC_RELEASE);
  __atomic_store_n (&rt_active, 0, __ATOMIC_RELEASE);
  if (shm->status == AUGUR_SST_RUNNING)
    shm->status = shm->n_failures > 0 ? shm->failures[0].status : AUGUR_SST_DONE;
}

/* ------------------------------------------------------------------ */
/* Object events: what gives addresses their names (augur-sched-format.h).
 * Only the running thread writes them (the token holder, or a new thread
 * before its first step while its creator waits for it to park), so a
 * few plain stores do. */

void
rt_sched_object (uint8_t kind, uint32_t tid, uint32_t aux, uint64_t addr, uint64_t arg)
{
  uint32_t n = shm->n_objects;
  /* a block freed before any step could touch it names nothing: the pair
   * goes (allocation numbers still count it), and free(malloc()) loops
   * do not fill the log */
  if (kind == AUGUR_EV_FREE && n > 0 && shm->objects[n - 1].kind == AUGUR_EV_ALLOC
      && shm->objects[n - 1].addr == addr && shm->objects[n - 1].step == shm->n_steps)
    {
      shm->n_objects = n - 1;
      return;
    }
  if (RT_UNLIKELY (n >= AUGUR_SCHED_MAX_OBJECTS))
    {
      if (shm->objects_lost_at == UINT32_MAX)
        shm->objects_lost_at = shm->n_steps;
      return;
    }
  AugurSchedObjectEvent *e = &shm->objects[n];
  e->step = shm->n_steps;
  e->kind = kind;
  e->tid = tid;
  e->aux = aux;
  e->addr = addr;
  e->arg = arg;
  shm->n_objects = n + 1;
}

/* pthread_getattr_np mallocs, and a thread's first malloc maps it a new
 * 64 MiB arena: too much for every thread of every execution.  glibc puts
 * a thread's descriptor, which the thread pointer points to, a fixed
 * distance below the top of the stacks it allocates (aligned down from
 * the top, whose alignment glibc keeps), so the distance is measured once,
 * by the first thread of the exploration, and kept in the page. */
uint64_t
rt_sched_stack_top (void)
{
  if (rt_fibers)
    return rt_fiber_stack_top (rt_self.tid);
  uint64_t tp = (uint64_t) (uintptr_t) __builtin_thread_pointer ();
  uint64_t d = shm->stack_top_from_tp;
  if (RT_LIKELY (d != 0))
    return tp + d;
  uint64_t top = rt_thread_stack_top ();
  if (top > tp)
    shm->stack_top_from_tp = top - tp;
  return top;
}

/* ------------------------------------------------------------------ */
/* Hooks: accesses */

/* Is this access's pc (as make_step computes it: return address of the
 * hook's call minus one, an offset in the executable) in a range static
 * analysis pruned?  Binary search of the sorted, disjoint ranges. */
static RT_NOINLINE int
pruned_pc (uintptr_t ra)
{
  uintptr_t pc = ra - 1;
  if (pc - rt_exe_lo >= rt_exe_size)
    return 0;   /* not the executable's code (or ra unknown) */
  uint32_t off = (uint32_t) (pc - rt_exe_bias);
  uint32_t lo = 0, hi = shm->n_pruned;
  if (hi > AUGUR_SCHED_MAX_PRUNED)
    hi = AUGUR_SCHED_MAX_PRUNED;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (off < shm->pruned[mid].lo)
        hi = mid;
      else if (off >= shm->pruned[mid].hi)
        lo = mid + 1;
      else
        return 1;
    }
  return 0;
}

/* An access that is not a step (pruned by static facts: no data race is
 * possible there, but a lock-protected variable still changes), which
 * Await must still see.  A write forgets the thread's loop history (a
 * loop that counts in memory is not waiting), is remembered for the other
 * threads' loops, and wakes those that wait on it; a read goes into the
 * history, so that a loop that waits on it waits for its write. */
static void
invisible_access (uint8_t kind, const void *addr, size_t size)
{
  uint32_t me = rt_self.tid;
  if (me >= RT_MAXT || th[me].state != AUGUR_STH_ENABLED)
    return;
  RtSThread *t = &th[me];
  uint32_t sz = size > 64 ? 64 : (uint32_t) (size ? size : 1);
  if (kind == AUGUR_EV_WRITE || kind == AUGUR_EV_WRITE_RANGE)
    {
      /* the step before the write is not added to the history either
       * (history is added lazily, at the next step's publication) */
      t->n_hist = 0;
      if (t->last_step != RT_NONE)
        t->hist_upto = t->last_step + 1;
      RtInvWrite *w = &inv_ring[++inv_seq % RT_INV_RING];
      w->seq = inv_seq;
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
              await_wake (awaiting[k], 0);
              k--;
            }
        }
      return;
    }
  /* the completed step before this read goes into the history first */
  if (t->last_step != RT_NONE && t->hist_upto != t->last_step + 1)
    {
      hist_add (t, t->last_step, t->held_before_step);
      t->hist_upto = t->last_step + 1;
    }
  if (t->n_hist == RT_HIST_MAX)
    hist_drop (t, 1);
  RtHist *h = &t->hist[t->n_hist++];
  memset (h, 0, sizeof *h);
  h->step.op = AUGUR_SOP_READ;
  h->step.obj = (uint64_t) (uintptr_t) addr;
  h->step.size = sz;
  h->step.tid = (uint16_t) me;
  h->index = shm->n_steps;
  h->held_before = t->held;
  h->invisible = 1;
  h->inv_seq = inv_seq;
}

void
rt_sched_access (uint8_t kind, const void *addr, size_t size, uintptr_t ra)
{
  if (shm->flags & AUGUR_SCHED_F_NO_ACCESSES)
    return;   /* Await is off (check_await) */
  /* one predictable branch when the explorer pruned nothing */
  if (RT_UNLIKELY (shm->n_pruned != 0) && pruned_pc (ra))
    {
      invisible_access (kind, addr, size);
      return;
    }
  AugurSchedStep s;
  int write = kind == AUGUR_EV_WRITE || kind == AUGUR_EV_WRITE_RANGE;
  rt_sched_make_step (&s, write ? AUGUR_SOP_WRITE : AUGUR_SOP_READ, kind, (uint64_t) (uintptr_t) addr,
                      (uint32_t) (size > UINT32_MAX ? UINT32_MAX : size), ra);
  if (kind == AUGUR_EV_READ_RANGE || kind == AUGUR_EV_WRITE_RANGE)
    s.flags |= AUGUR_SF_RANGE;
  rt_sched_point (&s, 0);
}

void
rt_sched_atomic (uint8_t kind, const volatile void *addr, unsigned size, int mo, uintptr_t ra)
{
  if (kind == AUGUR_EV_FENCE)
    return;
  AugurSchedStep s;
  rt_sched_make_step (&s, kind == AUGUR_EV_ATOMIC_LOAD ? AUGUR_SOP_READ : AUGUR_SOP_WRITE, kind,
                      (uint64_t) (uintptr_t) addr, size ? size : 16, ra);
  s.flags |= AUGUR_SF_ATOMIC;
  /* C11 orders: relaxed 0, consume 1, acquire 2, release 3, acq_rel 4,
   * seq_cst 5 (gcc may pass flags above them) */
  switch (mo & 7)
    {
    case __ATOMIC_CONSUME:
    case __ATOMIC_ACQUIRE:
      s.flags |= AUGUR_SF_ACQUIRE;
      break;
    case __ATOMIC_RELEASE:
      s.flags |= AUGUR_SF_RELEASE;
      break;
    case __ATOMIC_RELAXED:
      break;
    default:
      s.flags |= AUGUR_SF_ACQUIRE | AUGUR_SF_RELEASE;
      break;
    }
  rt_sched_point (&s, 0);
}

void
rt_sched_cas_result (int ok)
{
  AugurSchedStep *s = rt_sched_my_step ();
  if (s != NULL && !ok)
    s->op = AUGUR_SOP_READ;
}

/* ------------------------------------------------------------------ */
/* Time */

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
  *ns = RT_CLOCK_BASE_NS + (uint64_t) shm->clock_jumps * RT_CLOCK_JUMP_NS + clock_ticks * 1000u;
  return 1;
}
