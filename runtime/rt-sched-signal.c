/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sched-signal.c — signals under the controlled scheduler: the kill
 * steps, the handlers' delivery, the threads' masks, and the calls that
 * wait for a signal.
 *
 * A signal sent with pthread_kill, raise or kill (to the program itself)
 * is a step (THREAD_KILL) when the program handles it, or its target
 * blocks it: a real signal would arrive at a moment the explorer does not
 * choose.  Thread-directed, it depends on every step of its target (the
 * explorer tries it between any two of them).  The target's handlers run
 * as its next step: a parked target's published operation is put aside
 * and replaced by a SIGNAL_DELIVER step, which is enabled even when that
 * operation is blocked (a handler interrupts a wait); when it is chosen,
 * the target runs its handlers (their operations are its steps), then
 * publishes the operation again and waits for it, as SA_RESTART makes a
 * wait go on.  A running target (the sender itself, a new thread that has
 * not published yet) delivers at once.  The delivery is ordered after the
 * kill (its waker).  A signal the target blocks stays pending until the
 * target unblocks it (pthread_sigmask; its default action then, if it has
 * no handler) or takes it with sigwait.
 *
 * Sent to the process (kill to its own pid or group), a signal goes where
 * Linux sends it: to main if main does not block it, else to the first
 * thread that does not block it or waits for it in sigwait; if every
 * thread blocks it, it stays pending for the process, for the first
 * thread that unblocks it or waits for it.
 *
 * sigwait, sigwaitinfo and sigtimedwait are a SIGNAL_WAIT step, a write
 * of the process's signal word (so that it depends on the kills to the
 * process; the kills to the waiter depend on all its steps anyway),
 * enabled once a signal it waits for is pending for it or for the
 * process; the signal it takes is chosen when the step is, and the kill
 * that sent it is its waker.  With a timeout (any timeout: time is
 * virtual) the step never blocks: with nothing pending it becomes a read
 * of the word (TRYLOCK_FAIL) and the call fails with EAGAIN, and the
 * explorer tries it after the kill as well; a loop that polls so awaits
 * the next kill (rt-sched-await.c).  sigsuspend and pause wait until a
 * handler runs: their SIGNAL_WAIT waits for nothing itself and ends when
 * a delivery replaces it (they return EINTR, and so do sigwaitinfo and
 * sigtimedwait when a handler of a signal they do not wait for
 * interrupts them; sigwait goes on waiting).  The SIGALRM of the
 * program's own timer (alarm, setitimer: rt-sched-alarm.c) is sent when
 * every thread waits (rt_sched_signal_timer).  Other signals that come
 * from outside the program (the kernel holds them) are taken at the call
 * only; so when every thread waits while the program handles a signal
 * that may come from outside (a child's exit, another process's), and
 * that it never sent itself, a handler could still end the wait: the
 * page says which
 * (rt_sched_signal_note_outside), and the explorer does not call that a
 * hang of the program.
 */
#include "config.h"

#include "runtime/rt-sched-private.h"
#include "runtime/rt-fiber.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#define shm rt_sched_shm
#define th rt_sth

/* signals sent to the process that every thread blocked */
static uint64_t proc_sigpend;
static uint32_t proc_sig_wakers[64];   /* their kill steps + 1 */
/* the signals the program sent itself in this execution: its own
 * protocol, which augur runs, not one a signal from outside would end */
static uint64_t sent_sigs;

void
rt_sched_signal_reset (void)
{
  proc_sigpend = 0;
  memset (proc_sig_wakers, 0, sizeof proc_sig_wakers);
  sent_sigs = 0;
  shm->outside_sig = 0;
}

/* A signal only a fault of the program's own raises (and the runtime
 * catches), not one a timer, a child or another process sends. */
static int
synchronous_signal (int sig)
{
  return sig == SIGSEGV || sig == SIGBUS || sig == SIGFPE || sig == SIGILL || sig == SIGABRT
         || sig == SIGTRAP || sig == SIGSYS || sig == SIGKILL || sig == SIGSTOP;
}

/* The first signal the program handles and did not send itself (a
 * handler it installed for a timer, a child's exit, another process). */
void
rt_sched_signal_note_outside (void)
{
  shm->outside_sig = 0;
  for (int sig = 1; sig < 65; sig++)
    {
      struct sigaction sa;
      if (synchronous_signal (sig) || (sig < 64 && (sent_sigs & (1ull << sig)))
          || rt_libc_sigaction (sig, NULL, &sa) != 0
          || rt_signal_is_runtime_handler (&sa))
        continue;
      uintptr_t fn = (sa.sa_flags & SA_SIGINFO) ? (uintptr_t) sa.sa_sigaction
                                                : (uintptr_t) sa.sa_handler;
      if (fn == 0 || fn == (uintptr_t) SIG_IGN || fn == (uintptr_t) SIG_DFL)
        continue;
      AugurRecord r;
      rt_pc (fn + 1, &r);   /* the handler's own first address */
      shm->outside_sig_pc = r.pc;
      shm->outside_sig_module = r.module;
      shm->outside_sig = (uint8_t) sig;
      return;
    }
}

static void
save_pending (RtSThread *t, RtSSaved *sv)
{
  sv->pending = t->pending;
  sv->try_op = t->try_op;
  sv->held_before_step = t->held_before_step;
  sv->pend_inv_seq = t->pend_inv_seq;
  sv->pend_has_old = t->pend_has_old;
  sv->pend_old = t->pend_old;
  sv->callers = shm->threads[t - th].callers;
}

static void
restore_pending (RtSThread *t, const RtSSaved *sv)
{
  t->pending = sv->pending;
  t->try_op = sv->try_op;
  t->held_before_step = sv->held_before_step;
  t->pend_inv_seq = sv->pend_inv_seq;
  t->pend_has_old = sv->pend_has_old;
  t->pend_old = sv->pend_old;
  shm->threads[t - th].callers = sv->callers;
  t->pend_fp = 0;
  t->has_pending = 1;
}

/* Its pending signals, and the process's, that it does not block. */
uint64_t
rt_sched_deliverable (const RtSThread *t)
{
  return (t->sigpend | proc_sigpend) & ~t->sigmask;
}

/* The signals 1..63 of @set, as bits. */
static uint64_t
sigset_bits (const sigset_t *set)
{
  uint64_t bits = 0;
  for (int sig = 1; sig < 64; sig++)
    if (sigismember (set, sig) == 1)
      bits |= 1ull << sig;
  return bits;
}

/* Is @sig's default action to ignore it (no handler: nothing happens)? */
static int
ignored_by_default (int sig)
{
  return sig == SIGCHLD || sig == SIGCONT || sig == SIGURG || sig == SIGWINCH;
}

/* What the program does with @sig: *@handled, a handler of its own;
 * *@ignored, SIG_IGN, or SIG_DFL of a signal whose default is to ignore
 * it.  Neither: its default action ends the process. */
static int
disposition (int sig, int *handled, int *ignored)
{
  struct sigaction sa;
  if (rt_libc_sigaction (sig, NULL, &sa) != 0)
    return 0;
  if (rt_signal_is_runtime_handler (&sa))
    {
      /* the runtime's own, of a fatal signal: the default action, which
       * only the real signal can take */
      *handled = *ignored = 0;
      return 1;
    }
  *handled = (sa.sa_flags & SA_SIGINFO) ? sa.sa_sigaction != NULL
                                        : sa.sa_handler != SIG_DFL && sa.sa_handler != SIG_IGN;
  *ignored = !*handled && (sa.sa_handler == SIG_IGN || ignored_by_default (sig));
  return 1;
}

/* The kill that sent thread t's pending signal @sig, + 1. */
static uint32_t
waker_of (uint32_t t, int sig)
{
  return (th[t].sigpend & (1ull << sig)) ? th[t].sig_wakers[sig] : proc_sig_wakers[sig];
}

/* Takes @sig from thread t's pending signals, or else the process's. */
static void
take_pending (uint32_t t, int sig)
{
  if (th[t].sigpend & (1ull << sig))
    th[t].sigpend &= ~(1ull << sig);
  else
    proc_sigpend &= ~(1ull << sig);
}

/* The delivery step of thread t's pending signals, at @pc of @module. */
static void
delivery_step (uint32_t t, AugurSchedStep *d, uint32_t pc, uint8_t module)
{
  memset (d, 0, sizeof *d);
  d->tid = (uint16_t) t;
  d->op = AUGUR_SOP_YIELD;
  d->ev_kind = AUGUR_EV_SIGNAL_DELIVER;
  d->pc = pc;
  d->module = module;
  uint64_t bits = rt_sched_deliverable (&th[t]);
  d->size = bits != 0 ? waker_of (t, __builtin_ctzll (bits)) : 0;   /* after the kill */
  d->xflags = AUGUR_SXF_NEEDS_WAKER;
}

/* The calling thread runs the handlers of its pending signals that it
 * does not block, lowest first, as the program installed them: with the
 * signal and the handler's sa_mask blocked while it runs.  A signal with
 * no handler that it unblocked takes its default action: the real signal,
 * which the kernel lets through now (the thread's real mask is the
 * model's). */
static void
run_handlers (uint32_t me)
{
  RtSThread *t = &th[me];
  t->in_handler = 1;
  uint64_t mask = t->sigmask;
  while (rt_sched_deliverable (t) != 0)
    {
      int sig = __builtin_ctzll (rt_sched_deliverable (t));
      take_pending (me, sig);
      struct sigaction sa;
      if (rt_libc_sigaction (sig, NULL, &sa) != 0)
        continue;
      t->sigmask = mask | sigset_bits (&sa.sa_mask) | (sa.sa_flags & SA_NODEFER ? 0 : 1ull << sig);
      int dfl = rt_signal_is_runtime_handler (&sa)
                || (!(sa.sa_flags & SA_SIGINFO) && sa.sa_handler == SIG_DFL);
      if (dfl)
        {
          if (!ignored_by_default (sig))
            {
              rt_sys_sig_unblock (sig);
              rt_sys_raise (sig);
            }
        }
      else if (sa.sa_flags & SA_SIGINFO)
        {
          siginfo_t info;
          memset (&info, 0, sizeof info);
          info.si_signo = sig;
          info.si_code = SI_TKILL;
          info.si_pid = getpid ();
          if (sa.sa_sigaction != NULL)
            sa.sa_sigaction (sig, &info, NULL);
        }
      else if (sa.sa_handler != SIG_IGN)
        sa.sa_handler (sig);
      if (sa.sa_flags & SA_RESETHAND)
        {
          struct sigaction reset;
          memset (&reset, 0, sizeof reset);
          reset.sa_handler = SIG_DFL;
          rt_libc_sigaction (sig, &reset, NULL);
        }
      t->sigmask = mask;
    }
  t->in_handler = 0;
  t->n_hist = 0;   /* what the handlers did is no iteration of a loop */
  t->yw_dirty = 1;
}

/* Thread me, running, has signals pending: the delivery step, then the
 * handlers. */
void
rt_sched_deliver_now (uint32_t me, uint32_t pc, uint8_t module)
{
  AugurSchedStep d;
  delivery_step (me, &d, pc, module);
  th[me].in_handler = 1;   /* the delivery's own point delivers nothing */
  rt_sched_point (&d, 0);
  run_handlers (me);
}

/* Thread me was chosen for the delivery step that replaced its published
 * operation: the handlers, then that operation again, and its turn; or,
 * for a wait that a handler ends (sigsuspend, pause, sigwaitinfo), the
 * wait is over. */
void
rt_sched_deliver_armed (uint32_t me)
{
  RtSThread *t = &th[me];
  RtSSaved sv = t->sig_saved;
  t->sig_armed = 0;
  t->has_pending = 0;
  run_handlers (me);
  t->hist_upto = t->last_step + 1;
  if (sv.pending.ev_kind == AUGUR_EV_SIGNAL_WAIT && t->sig_interrupts)
    {
      t->sig_interrupted = 1;
      return;
    }
  restore_pending (t, &sv);
  /* it could have made it before the signal came (the explorer tries
   * that), unless it was blocked then, or waited in a loop whose
   * iterations are all alike */
  if (!t->sig_was_awaiting)
    t->pending.xflags |= AUGUR_SXF_RESUMED;
  rt_sched_schedule (me);
}

/* Is thread u parked in a sigwait for @sig? */
static int
sigwaits_for (const RtSThread *u, int sig)
{
  return u->state == AUGUR_STH_ENABLED && u->has_pending && !u->sig_armed
         && u->pending.ev_kind == AUGUR_EV_SIGNAL_WAIT && (u->pending.arg & (1ull << sig));
}

/* A thread that polls for @sig with sigtimedwait in a loop awaits a
 * kill (rt-sched-await.c): this one. */
static void
wake_pollers (int sig, uint32_t waker)
{
  for (uint32_t t = 0; t < rt_sched_n_threads; t++)
    if (th[t].awaiting && sigwaits_for (&th[t], sig))
      rt_sched_await_wake (t, waker);
}

/* Thread @target, which published an operation and does not run, takes
 * its pending signals at its next step: a SIGNAL_DELIVER step in the
 * place of that operation (woken by step @waker - 1, 0: none). */
static void
arm_delivery (uint32_t target, uint32_t waker)
{
  RtSThread *u = &th[target];
  u->sig_was_awaiting = u->awaiting || rt_sched_base_enabled (target) != 1;
  save_pending (u, &u->sig_saved);
  delivery_step (target, &u->pending, u->pending.pc, u->pending.module);
  u->try_op = 0;
  u->pend_has_old = 0;
  u->pend_fp = 0;
  u->sig_armed = 1;
  if (u->awaiting)
    rt_sched_await_wake (target, waker);
}

/* Signal @sig is sent to thread @target by the kill step just made (the
 * caller's last step, at @pc of @module): pending, and its handlers run
 * now (the sender itself), at the target's next step, or at once if the
 * target is parked.  @handled: disposition (). */
static void
post (uint32_t target, int sig, int handled, uint32_t pc, uint8_t module)
{
  uint32_t me = rt_self.tid;
  RtSThread *u = &th[target];
  if (u->state != AUGUR_STH_ENABLED)
    return;
  int blocked = (u->sigmask & (1ull << sig)) != 0;
  if (!blocked && !handled)
    return;   /* ignored: gone */
  u->sigpend |= 1ull << sig;
  uint32_t kill = th[me].last_step + 1;
  u->sig_wakers[sig] = kill;
  wake_pollers (sig, kill);
  if (blocked)
    return;   /* pending until it unblocks the signal (rt_sched_sigmask) or waits for it */
  if (target == me)
    {
      /* a signal to itself is handled before the call that sent it returns */
      if (!u->in_handler)
        rt_sched_deliver_now (me, pc, module);
      return;
    }
  if (u->sig_armed || u->in_handler || !u->has_pending || u->ending)
    return;   /* delivered already armed, or when it next runs */
  arm_delivery (target, kill);
}

int
rt_sched_kill (uint32_t target, int sig, uintptr_t ra)
{
  uint32_t me = rt_self.tid;
  if (me >= RT_MAXT || target >= rt_sched_n_threads || sig <= 0 || sig >= 64)
    return 0;
  sent_sigs |= 1ull << sig;
  int handled, ignored;
  if (!disposition (sig, &handled, &ignored))
    return 0;
  /* a default action that ends the process: the real signal, unless the
   * target blocks it (then it waits, for sigwait or for an unblock) */
  int blocked = th[target].state == AUGUR_STH_ENABLED && (th[target].sigmask & (1ull << sig));
  if (!handled && !ignored && !blocked)
    return 0;
  AugurSchedStep s;
  rt_sched_make_step (&s, AUGUR_SOP_OTHER, AUGUR_EV_THREAD_KILL,
                      (uint64_t) (uintptr_t) &th[target].sigpend, 1, ra);
  s.arg = target | ((uint64_t) sig << 32);
  rt_sched_point (&s, 0);
  post (target, sig, handled, s.pc, s.module);
  return 1;
}

/* Where Linux sends a signal for the process (complete_signal): main if
 * it takes it, else the first thread that does (does not block it, or
 * waits for it); RT_NONE if none does. */
static uint32_t
process_target (int sig)
{
  for (uint32_t t = 0; t < rt_sched_n_threads; t++)
    {
      const RtSThread *u = &th[t];
      if (u->state == AUGUR_STH_ENABLED && (!(u->sigmask & (1ull << sig)) || sigwaits_for (u, sig)))
        return t;
    }
  return RT_NONE;
}

int
rt_sched_kill_process (int sig, uintptr_t ra)
{
  uint32_t me = rt_self.tid;
  if (me >= RT_MAXT || sig <= 0 || sig >= 64 || sig == SIGKILL || sig == SIGSTOP)
    return 0;
  sent_sigs |= 1ull << sig;
  int handled, ignored;
  if (!disposition (sig, &handled, &ignored))
    return 0;
  if (!handled && !ignored && process_target (sig) != RT_NONE
      && !sigwaits_for (&th[process_target (sig)], sig))
    return 0;   /* its default action ends the process now */
  AugurSchedStep s;
  rt_sched_make_step (&s, AUGUR_SOP_OTHER, AUGUR_EV_THREAD_KILL, (uint64_t) (uintptr_t) &proc_sigpend,
                      1, ra);
  s.arg = 0xffffu | ((uint64_t) sig << 32);   /* no one thread's */
  rt_sched_point (&s, 0);
  /* which thread takes it is known only now: the step stays no one
   * thread's (its dependencies must not depend on who waits) */
  uint32_t target = process_target (sig);
  if (target == RT_NONE)
    {
      proc_sigpend |= 1ull << sig;
      proc_sig_wakers[sig] = th[me].last_step + 1;
      wake_pollers (sig, proc_sig_wakers[sig]);
      return 1;
    }
  post (target, sig, handled, s.pc, s.module);
  return 1;
}

void
rt_sched_signal_own (int sig)
{
  if (sig > 0 && sig < 64)
    sent_sigs |= 1ull << sig;
}

int
rt_sched_signal_timer (int sig)
{
  int handled, ignored;
  if (sig <= 0 || sig >= 64 || !disposition (sig, &handled, &ignored) || !handled)
    return 0;
  uint32_t target = process_target (sig);
  if (target == RT_NONE)
    {
      /* every thread blocks it: pending for the first that takes it */
      proc_sigpend |= 1ull << sig;
      proc_sig_wakers[sig] = 0;
      wake_pollers (sig, 0);
      return 1;
    }
  RtSThread *u = &th[target];
  u->sigpend |= 1ull << sig;
  u->sig_wakers[sig] = 0;
  wake_pollers (sig, 0);
  if (u->sig_armed || u->in_handler || !u->has_pending || u->ending)
    return 1;   /* delivered already armed, or when it next runs */
  arm_delivery (target, 0);
  return 1;
}

/* The signals of @set that thread t may take now (its own pending ones
 * and the process's). */
uint64_t
rt_sched_sig_waitable (uint32_t t, uint64_t set)
{
  return (th[t].sigpend | proc_sigpend) & set;
}

void
rt_sched_sigwait_chosen (uint32_t t, AugurSchedStep *s)
{
  RtSThread *u = &th[t];
  uint64_t bits = rt_sched_sig_waitable (t, s->arg);
  u->sig_taken = 0;
  if (bits == 0)
    {
      s->op = AUGUR_SOP_TRYLOCK_FAIL;   /* polled, found none: a read of the word */
      return;
    }
  int sig = __builtin_ctzll (bits);
  s->size = waker_of (t, sig);
  if (!u->try_op)
    s->xflags |= AUGUR_SXF_NEEDS_WAKER;   /* it waited for that kill */
  take_pending (t, sig);
  u->sig_taken = sig;
}

int
rt_sched_sigwait (const sigset_t *set, int timed, int interrupts, uintptr_t ra)
{
  uint32_t me = rt_self.tid;
  if (me >= RT_MAXT || th[me].state != AUGUR_STH_ENABLED)
    {
      errno = EINVAL;   /* a thread that has left */
      return -1;
    }
  RtSThread *t = &th[me];
  if (interrupts && rt_sched_deliverable (t) != 0 && !t->in_handler && !t->sig_armed)
    {
      /* a handler of a signal it does not wait for, first */
      AugurSchedStep here;
      rt_sched_make_step (&here, AUGUR_SOP_YIELD, AUGUR_EV_SIGNAL_DELIVER, 0, 1, ra);
      rt_sched_deliver_now (me, here.pc, here.module);
      errno = EINTR;
      return -1;
    }
  AugurSchedStep s;
  rt_sched_make_step (&s, AUGUR_SOP_OTHER, AUGUR_EV_SIGNAL_WAIT, (uint64_t) (uintptr_t) &proc_sigpend,
                      1, ra);
  s.arg = set != NULL ? sigset_bits (set) & ~(1ull << SIGKILL | 1ull << SIGSTOP) : 0;
  if (timed)
    s.flags |= AUGUR_SF_TIMED;
  t->sig_interrupts = interrupts;
  t->sig_interrupted = 0;
  t->sig_taken = 0;
  rt_sched_point (&s, timed);
  t->sig_interrupts = 0;
  if (t->sig_interrupted)
    {
      t->sig_interrupted = 0;
      errno = EINTR;
      return -1;
    }
  if (t->sig_taken == 0)
    {
      errno = EAGAIN;
      return -1;
    }
  return t->sig_taken;
}

int
rt_sched_sigsuspend (const sigset_t *mask, uintptr_t ra)
{
  uint32_t me = rt_self.tid;
  if (me >= RT_MAXT || th[me].state != AUGUR_STH_ENABLED)
    {
      errno = EINVAL;
      return -1;
    }
  RtSThread *t = &th[me];
  /* a step before it waits: a signal that comes then is handled before
   * the wait begins (pause then waits for the next one: the lost wake-up
   * of `while (!flag) pause ();`) */
  rt_sched_yield (ra);
  uint64_t old = t->sigmask;
  if (mask != NULL)
    t->sigmask = sigset_bits (mask) & ~(1ull << SIGKILL | 1ull << SIGSTOP);
  /* it waits for nothing itself: a handler's delivery ends it */
  sigset_t none;
  sigemptyset (&none);
  int r = rt_sched_sigwait (&none, 0, 1, ra);
  t->sigmask = old;
  return r;
}

void
rt_sched_sigmask (int how, const sigset_t *set, sigset_t *old, uintptr_t ra)
{
  uint32_t me = rt_self.tid;
  if (me >= RT_MAXT || th[me].state != AUGUR_STH_ENABLED)
    return;
  RtSThread *t = &th[me];
  /* SIGKILL and SIGSTOP cannot be blocked; @set is read before @old is
   * written (they may be one set) */
  uint64_t bits = set != NULL ? sigset_bits (set) & ~(1ull << SIGKILL | 1ull << SIGSTOP) : 0;
  if (old != NULL)
    {
      sigemptyset (old);
      for (int sig = 1; sig < 64; sig++)
        if (t->sigmask & (1ull << sig))
          sigaddset (old, sig);
    }
  if (set == NULL)
    return;
  if (how == SIG_BLOCK)
    t->sigmask |= bits;
  else if (how == SIG_UNBLOCK)
    t->sigmask &= ~bits;
  else if (how == SIG_SETMASK)
    t->sigmask = bits;
  /* a pending signal it unblocked is handled before the call returns */
  if (rt_sched_deliverable (t) != 0 && !t->in_handler && !t->sig_armed)
    {
      AugurSchedStep here;
      rt_sched_make_step (&here, AUGUR_SOP_YIELD, AUGUR_EV_SIGNAL_DELIVER, 0, 1, ra);
      rt_sched_deliver_now (me, here.pc, here.module);
    }
}
