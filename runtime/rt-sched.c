/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sched.c — the controlled scheduler: one thread runs at a time, and the
 * explorer decides who, at every visible operation.  Protocol and shared
 * page: common/augur-sched-format.h; the other parts of the scheduler
 * (loops that wait and the virtual clock, accesses, signals, the
 * synchronisation model, the servers): rt-sched-private.h.  This file: the token, the
 * choice of the next step, threads starting and leaving, the end of the
 * process.
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
 * Signals (kills, the handlers' delivery, the masks, sigwait): rt-sched-
 * signal.c; a thread's handlers run when it next publishes a step, or when
 * the delivery that replaced its published step is chosen (rt_sched_point).
 */
#include "config.h"

#include "runtime/rt-sched-private.h"
#include "runtime/rt-fiber.h"
#include "runtime/rt-thread.h"

#include "common/augur-ops.h"

#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define RT_FAIR_RUN 1000u         /* steps in a row before another thread gets a turn */
#define RT_EXIT_STEPS 10000u      /* default of shm->exit_steps */

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
/* choose()'s view of the END steps and spurious wake-ups, computed once
 * per choice */
static uint32_t first_ender;
static int others_can_run;        /* a thread that is not ending can run (not only spuriously) */
static int end_forced;
/* PCT state (random_seed != 0) */
static uint64_t pct_rng;
static uint32_t pct_d;
static uint32_t pct_prio[RT_MAXT];
static uint32_t pct_change[AUGUR_SCHED_PCT_MAX_DEPTH - 1];

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

/* A real thread that took its EXIT step and handed the token on is not
 * gone yet: glibc's exit path still runs on it (C++ thread_local and TSD
 * destructors, the tcache flushed into its arena, the arena put on the
 * free list for the next thread's first malloc, a detached thread's stack
 * cached).  Run next to the token holder, that changes what the holder's
 * malloc returns depending on real time, so one schedule could run two
 * ways.  The thread given the token waits first until the kernel has
 * cleared the exiting thread's tid word (CLONE_CHILD_CLEARTID, what
 * pthread_join waits on): its exit is then complete, at the same point of
 * every run.  Set by the exiting thread before it hands the token on (the
 * hand-off orders it), cleared by the receiver. */
static int *exiting_word;
static int exiting_tid;

#define PR_GET_TID_ADDRESS_ 40          /* <linux/prctl.h> */
#define EXIT_WAIT_ROUNDS 2000           /* of 1 ms: a bound, not a wait on time */

/* The calling thread's tid word (the kernel clears it at the thread's
 * exit), or NULL if the kernel does not say (no CONFIG_CHECKPOINT_RESTORE). */
static int *
own_tid_word (void)
{
  int *w = NULL;
  if (RT_SYS (SYS_prctl, PR_GET_TID_ADDRESS_, &w, 0, 0, 0, 0) != 0)
    return NULL;
  return w;
}

/* Waits until the thread that handed the token on at its exit has ended.
 * Bounded: its exit path could wait for a lock a parked thread holds (a
 * thread_local destructor); then the execution goes on as before. */
static void
wait_exited (void)
{
  int *w = exiting_word;
  if (w == NULL)
    return;
  exiting_word = NULL;
  struct timespec ms = { 0, 1000000 };
  for (int i = 0; i < EXIT_WAIT_ROUNDS; i++)
    {
      /* not private: the kernel's wake at thread exit is a shared one;
       * the raw call leaves the program's errno alone */
      long r = rt_sys_raw (SYS_futex, (long) w, FUTEX_WAIT, exiting_tid, (long) &ms, 0, 0);
      if (r != 0 && r != -ETIMEDOUT && r != -EINTR)
        return;   /* EAGAIN: cleared; EFAULT: its stack is unmapped */
    }
}

static void
wait_turn (uint32_t me)
{
  while (!__atomic_load_n (&th[me].wake, __ATOMIC_ACQUIRE))
    futex (&th[me].wake, FUTEX_WAIT_PRIVATE, 0);
  th[me].wake = 0;
  wait_exited ();
}

static void
give_turn (uint32_t t)
{
  __atomic_store_n (&th[t].wake, 1, __ATOMIC_RELEASE);
  futex (&th[t].wake, FUTEX_WAKE_PRIVATE, 1);
}


static void
snapshot_threads (void)
{
  uint32_t n = rt_sched_n_threads;
  for (uint32_t t = 0; t < n; t++)
    {
      AugurSchedThread *s = &shm->threads[t];
      s->state = (uint8_t) th[t].state;
      s->spurious = 0;
      s->repeats = 0;
      s->owner = RT_NONE;
      s->waker = 0;
      s->await_obj = 0;
      s->await_also[0] = s->await_also[1] = 0;
      /* written when the thread published a synchronisation call (stale else) */
      if (!(th[t].state == AUGUR_STH_ENABLED && th[t].has_pending
            && augur_ops_sched_keeps_callers (th[t].pending.op, th[t].pending.xflags)))
        s->callers.n = 0;
      if (th[t].state == AUGUR_STH_ENABLED && th[t].has_pending)
        {
          s->pending = th[t].pending;
          s->state = th[t].awaiting ? AUGUR_STH_AWAITING : AUGUR_STH_BLOCKED;
          if (th[t].awaiting)
            {
              const AugurSchedStep *r = &th[t].await_r[0];
              /* what it re-reads; none: the time, if it read the clock,
               * else nothing another thread could change (0) */
              s->await_obj = th[t].n_await > 0 ? r->obj : th[t].await_clock ? AUGUR_SCHED_CLOCK_OBJ : 0;
              s->await_size = th[t].n_await > 0 ? r->size : 8;
              s->await_pc = th[t].n_await > 0 ? r->pc : th[t].pending.pc;
              for (uint32_t k = 1; k < th[t].n_await && k <= 2; k++)
                s->await_also[k - 1] = th[t].await_r[k].obj;
              s->repeats = (uint8_t) th[t].await_repeats;
              continue;
            }
          if (th[t].pending.op == AUGUR_SOP_COND_WAKE && !th[t].ending && rt_sched_base_enabled (t) == 2)
            s->spurious = 1;
          if (th[t].pending.op == AUGUR_SOP_COND_WAKE)
            s->waker = rt_sched_cond_waker (t);
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
  if (status == AUGUR_SST_DEADLOCK)
    rt_sched_signal_note_outside ();
  __atomic_store_n (&shm->status, status, __ATOMIC_RELEASE);
  __atomic_store_n (&rt_sched_on, 0, __ATOMIC_RELEASE);
  if (rt_fibers)
    rt_fiber_to_server ();
  rt_sys_exit_group (0);
  __builtin_unreachable ();
}

/* ------------------------------------------------------------------ */
/* Enabledness and choice */

/* 0, 1, or 2: only by a spurious wake-up (rt_sched_obj_enabled) */
int
rt_sched_base_enabled (uint32_t t)
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
  /* no END asked for (the common case): nothing to find; others_can_run
   * is only read for an ending thread */
  if (n_ending == 0)
    return;
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
      else if (!others_can_run && rt_sched_base_enabled (t) == 1)
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
  return rt_sched_base_enabled (t) != 0;
}

/* May the scheduler choose thread t by itself? */
static int
chooseable (uint32_t t)
{
  if (th[t].ending)
    return enabled (t);
  return rt_sched_base_enabled (t) == 1;
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
  rt_sched_await_wake_awaiters (k);
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
          if (p < n && th[p].awaiting && !enabled (p))
            {
              /* the schedule asks for one more iteration of a loop that
               * Await parked (in this order, the write that let the
               * recorded iteration differ has not come yet): the program
               * could run it, as a spinning thread does; Await only
               * spares the explorer repeats it did not ask for.  Not a
               * wake-up by a write (no AWOKEN order). */
              rt_sched_await_wake (p, 0);
              th[p].woken = 0;
            }
          if (p >= n || !enabled (p))
            {
              if (!any_enabled_thread () && rt_sched_await_clock_jump ())
                continue;
              if (rt_libc_getenv ("AUGUR_DEBUG_RT"))
                {
                  char b[256];
                  RtSObj *o = p < n ? rt_sched_obj (th[p].pending.obj, RT_OBJ_FREE) : NULL;
                  int len = snprintf (b, sizeof b, "rt: step %u wants t%u: state %d pend %d op %u await %d ending %d owner %u base %d\n",
                                      k, p, th[p].state, th[p].has_pending, th[p].pending.op, th[p].awaiting, th[p].ending,
                                      o ? o->owner : 999, rt_sched_base_enabled (p));
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
      /* a free libc makes for itself may hold one of libc's locks: the
       * thread goes on (AUGUR_SXF_FOREIGN) */
      if (cur < n && (th[cur].pending.xflags & AUGUR_SXF_FOREIGN) && th[cur].has_pending
          && chooseable (cur) && !asleep (cur))
        return cur;
      /* a thread that ran RT_FAIR_RUN steps in a row lets the others go
       * first, if one can */
      uint32_t tired = fair && run_len >= RT_FAIR_RUN ? cur : RT_NONE;
      if (shm->random_seed != 0)
        {
          /* PCT: the highest-priority enabled thread; at change point j
           * the running thread drops to priority j */
          for (uint32_t j = 0; j + 1 < pct_d && j + 1 < AUGUR_SCHED_PCT_MAX_DEPTH; j++)
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
      /* the next thread round from cur; first passing over a waiter that
       * a longer waiter could take its signal from */
      for (int pass = 0; pass < 2; pass++)
        for (uint32_t i = 1; i <= n; i++)
          {
            uint32_t t = (cur + i) % n;
            if (t == cur || !chooseable (t) || (pass == 0 && rt_sched_cond_not_first (t)))
              continue;
            if (!asleep (t))
              return t;
            any = 1;
          }
      if (cur_ok)
        return cur;
      if (!any && rt_sched_await_clock_jump ())
        continue;
      /* every thread waits; if only because a parked loop hides a value
       * another waits on, that is this schedule's doing, not the
       * program's (rt-sched-passing.c) */
      rt_sched_end_now (any ? AUGUR_SST_SLEEP_BLOCKED
                        : rt_sched_passing_unfair () ? AUGUR_SST_UNFAIR : AUGUR_SST_DEADLOCK, 1);
    }
}

/* Logs thread next's pending operation as the next step. */
static void
append_step (uint32_t next)
{
  uint32_t k = shm->n_steps;
  AugurSchedStep *s = &shm->steps[k];
  rt_sched_await_chosen (next, k);
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
  if (s->ev_kind == AUGUR_EV_SIGNAL_WAIT)
    rt_sched_sigwait_chosen (next, s);
  if (th[next].woken)
    {
      /* the waking step, for the explorer's happens-before (never a cond
       * operation, whose arg is the mutex: those do not await) */
      s->xflags |= AUGUR_SXF_AWOKEN;
      s->arg = th[next].woken_by;
      th[next].woken = 0;
    }
  if (rt_sched_await_jump_pending)
    {
      s->xflags |= AUGUR_SXF_CLOCK_JUMP;
      rt_sched_await_jump_pending = 0;
    }
  if (augur_ops_sched_keeps_callers (s->op, s->xflags))
    shm->callers[k] = shm->threads[next].callers;   /* as published: the same frames */
  run_len = k > 0 && shm->steps[k - 1].tid == next ? run_len + 1 : 1;
  th[next].last_step = k;
  th[next].inv_since = 0;
  __atomic_store_n (&shm->n_steps, k + 1, __ATOMIC_RELEASE);
}

static void finish_end (uint32_t t) __attribute__ ((noreturn));

void
rt_sched_schedule (uint32_t me)
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
  /* signals sent while it ran (it had nothing published, or sent them to
   * itself): their handlers first */
  if (RT_UNLIKELY (t->sigpend != 0) && rt_sched_deliverable (t) != 0 && !t->in_handler && !t->sig_armed)
    rt_sched_deliver_now (me, op->pc, op->module);
  /* its previous step has completed: history for Await */
  if (t->last_step != RT_NONE && t->hist_upto != t->last_step + 1)
    {
      rt_sched_await_hist_add (t, t->last_step, t->held_before_step);
      t->hist_upto = t->last_step + 1;
    }
  t->pending = *op;
  t->pending.tid = (uint16_t) me;
  /* where a synchronisation call was called from: a lock request that
   * may never be granted (the end of a deadlocked execution has no step
   * of it), or the call site outside a wrapper (append_step keeps them) */
  AugurSchedCallers *callers = &shm->threads[me].callers;
  if (augur_ops_sched_keeps_callers (op->op, op->xflags))
    callers->n = (uint8_t) rt_callers (callers->module, callers->pc, AUGUR_SCHED_MAX_CALLERS);
  else
    callers->n = 0;
  t->pending.xflags |= t->fences;
  t->fences = 0;
  t->try_op = try_op;
  t->has_pending = 1;
  t->held_before_step = t->held;
  t->pend_inv_seq = rt_sched_await_inv_seq;
  t->pend_fp = 0;
  /* not through a null pointer: the program's store faults, not this peek */
  t->pend_has_old = rt_sched_value_write (&t->pending) && t->pending.obj >= AUGUR_SCHED_NULL_PAGE;
  if (t->pend_has_old)
    t->pend_old = rt_sched_peek (t->pending.obj, t->pending.size);
  rt_sched_await_check (me, &t->pending);
  if (!t->parked)
    {
      __atomic_store_n (&t->parked, 1, __ATOMIC_RELEASE);
      if (!rt_fibers)
        futex (&t->parked, FUTEX_WAKE_PRIVATE, 1);
    }
  /* Not `cur == me`: a new thread may be chosen (and cur set) between its
   * publishing and this test; only a thread that holds the token chooses. */
  if (t->token)
    rt_sched_schedule (me);
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
  /* chosen for the delivery that replaced this operation: the handlers,
   * then this operation again */
  while (RT_UNLIKELY (t->sig_armed) && shm->steps[t->last_step].ev_kind == AUGUR_EV_SIGNAL_DELIVER)
    rt_sched_deliver_armed (me);
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
  rt_sched_await_reset ();
  rt_sched_signal_reset ();
  rt_sched_alarm_reset ();
  shm->n_threads = 1;
  shm->n_objects = 0;
  shm->objects_lost_at = UINT32_MAX;
  shm->n_enabled = 0;
  shm->enabled_lost_at = UINT32_MAX;
  shm->n_failures = 0;
  shm->clock_jumps = 0;
  rt_module_publish (shm->n_modules);
  rt_sched_sync_reset ();
  if (shm->random_seed != 0)
    {
      pct_rng = shm->random_seed * 0x9e3779b97f4a7c15ull + 1;
      pct_d = shm->pct_depth ? shm->pct_depth : 3;
      for (uint32_t j = 0; j + 1 < AUGUR_SCHED_PCT_MAX_DEPTH; j++)
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
      /* a number skipped (a thread the runtime adopted, or a creation
       * that failed) has a slot that may still hold the previous
       * execution's thread (the table is outside the snapshot): it must
       * not look live */
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
    rt_sched_await_wake (me, 0);
  int live = 0;
  for (uint32_t t = 0; t < rt_sched_n_threads && !live; t++)
    live = th[t].state == AUGUR_STH_ENABLED;
  if (!live)
    {
      /* the last thread ends (main called pthread_exit earlier): libc
       * exits the process with status 0, a normal end, not a deadlock.
       * It runs the exit handlers then, after this: on fibers, with
       * handlers to run, this execution runs forked (rt-atexit.c) */
      if (rt_fibers && rt_exit_handlers_pending ())
        rt_sched_need_threads (AUGUR_FORKED_EXIT_HANDLERS);
      if (rt_fibers && rt_fini_present ())
        rt_sched_need_threads (AUGUR_FORKED_DESTRUCTORS);
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
  else
    {
      exiting_word = own_tid_word ();
      exiting_tid = rt_sys_gettid ();
    }
  give_turn (next);
}

void
rt_sched_thread_exit (uintptr_t ra)
{
  uint32_t me = rt_self.tid;
  if (me >= RT_MAXT || th[me].state != AUGUR_STH_ENABLED)
    return;
  rt_sched_robust_exit (me, ra);   /* the kernel's part: its robust mutexes */
  AugurSchedStep s;
  rt_sched_make_step (&s, AUGUR_SOP_EXIT, AUGUR_EV_THREAD_EXIT, 0, 0, ra);
  rt_sched_point (&s, 0);
  /* its locals end with it: a later use of its stack by another thread
   * (a pointer it published) is a use of dead memory (explorer/memcheck.c).
   * Only on fibers, whose stacks no other thread of the execution gets. */
  uint64_t lo, size;
  if (rt_fibers && rt_fiber_own_stack (me, &lo, &size))
    {
      rt_sched_object (AUGUR_EV_THREAD_EXIT, me, 0, lo, size);
      rt_sched_freed ((void *) (uintptr_t) lo, size);
    }
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
    rt_sched_await_wake (me, 0);
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
