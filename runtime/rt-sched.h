/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sched.h — the controlled scheduler's entry points (rt-sched.c), called
 * from the hook layer and a few intercepts when AUGUR_SCHED is set.
 * rt_sched_on is nonzero only inside an execution (a fork server child).
 */
#ifndef AUGUR_RT_SCHED_H
#define AUGUR_RT_SCHED_H

#include "runtime/rt-internal.h"

#include <signal.h>
#include <time.h>

extern int rt_sched_on;
extern int rt_sched_mode;

RT_INLINE bool
rt_sched_is_on (void)
{
  return RT_UNLIKELY (__atomic_load_n (&rt_sched_on, __ATOMIC_RELAXED) != 0);
}

bool rt_sched_init (const char *env);
typedef int (*RtMainFunc) (int, char **, char **);
/* Before main: the fork server (or the execution server), which returns
 * only in a forked execution, to run main; or nothing without AUGUR_SCHED. */
void rt_sched_before_main (RtMainFunc main_fn, int argc, char **argv, char **envp);
/* The running execution cannot go on as fibers (pthread_cancel, a thread
 * signal, cleanup handlers): it is run again with real threads, and so is
 * every later one.  Does not return. */
/* Calls main; with fn NULL, measures where main's frame lies (rt-start.c). */
int rt_call_main (RtMainFunc fn, int argc, char **argv, char **envp);
void rt_sched_need_threads (uint32_t why) __attribute__ ((noreturn));   /* AUGUR_FORKED_* */
/* A fiber trylock: is the mutex held by another thread (which the OS,
 * seeing one thread, cannot tell)? */
bool rt_sched_held_by_other (const void *mutex);
/* Did the model refuse the calling thread's unlock that just took its
 * step (an error-checking or recursive mutex it does not hold)?  The call
 * then fails with EPERM without the real one: on fibers every thread has
 * the OS's one thread id, and glibc would let the unlock through. */
int rt_sched_unlock_refused (void);
/* The join just taken found its thread joined by another thread while it
 * waited too (both blocked on it): a double join, reported at its step. */
void rt_sched_double_join (void);
/* A tryjoin (@how AUGUR_TRY_TRY) or timedjoin (AUGUR_TRY_TIMED, until
 * @abstime on @clock) of thread @tid, its step taken: EBUSY or ETIMEDOUT
 * (its timeout owed) if the thread has not ended, else 0: join it
 * (rt-sched-join.c). */
int rt_sched_join_busy (uint64_t tid, int how, clockid_t clock, const struct timespec *abstime,
                        uintptr_t ra);
/* Steps made plus accesses pruned by the static facts (not steps) so far
 * in this execution (0 when not scheduling): unchanged, no instrumented
 * access or step came in between. */
uint64_t rt_sched_progress (void);
/* A timed lock (pthread_mutex_timedlock, ..._clocklock, mtx_timedlock, the
 * rwlock ones) at its turn: 0 if the lock can be taken now (the caller
 * then takes it with the real trylock, which never waits), else its
 * error: ETIMEDOUT (time is virtual: a lock held now would be held until
 * the time is up, the explorer tries the call after the release too), or
 * EDEADLK (an error-checking mutex, or a rwlock, the caller holds). */
enum { RT_TIMED_MUTEX, RT_TIMED_RDLOCK, RT_TIMED_WRLOCK };
int rt_sched_timed_busy (const void *lock, int how);
/* exit(): on fibers, the END step, and the execution ends (does not
 * return); on real threads nothing (libc runs the exit handlers, as steps,
 * then the END step is taken in an exit handler of the scheduler's). */
void rt_sched_exit (int status, uintptr_t ra);
/* _exit, _Exit, quick_exit: the END step, then (real threads) return. */
void rt_sched_exit_now (int status, uintptr_t ra);
/* main returned `status` (before the exit handlers). */
void rt_sched_main_return (int status);
void rt_sched_thread_exit (uintptr_t ra);
void rt_sched_sync_before (RtSync *op);
void rt_sched_sync_after (RtSync *op, int64_t result);
/* After a step that took a lock: its callers (callers[] of the shared page). */
void rt_sched_access (uint8_t kind, const void *addr, size_t size, uintptr_t ra);
/* An atomic access with its C11 memory order (mo: __ATOMIC_*). */
void rt_sched_atomic (uint8_t kind, const volatile void *addr, unsigned size, int mo, uintptr_t ra);
void rt_sched_cas_result (int ok);
/* pthread_kill of thread @target (a scheduler id) with @sig, at @ra: 1 if
 * modelled (the program has a handler for @sig, or ignores it: the caller
 * returns 0), 0 if the real signal must be sent (its default action). */
int rt_sched_kill (uint32_t target, int sig, uintptr_t ra);
/* pthread_sigmask or sigprocmask by the calling thread, at @ra, after the
 * real call succeeded: its own mask changes as @how says (the fibers share
 * one kernel thread, so the kernel's mask is no thread's); *@old, if given,
 * is set to the mask it had.  Signals it unblocks that are pending run
 * their handlers before this returns. */
void rt_sched_sigmask (int how, const sigset_t *set, sigset_t *old, uintptr_t ra);
/* The scheduler's handler of crashes (SEGV, BUS, FPE, ILL, ABRT, TRAP). */
void rt_sched_on_crash (int sig, siginfo_t *info, void *context);
/* kill() of @sig to the program's own process, at @ra: 1 if the scheduler
 * took it (a step), 0 if the real signal must be sent. */
int rt_sched_kill_process (int sig, uintptr_t ra);
/* sigwait and its kin by the calling thread, at @ra: the signal taken, or
 * -1 with errno EAGAIN (@timed: none pending) or EINTR (@interrupts: a
 * handler ran). */
int rt_sched_sigwait (const sigset_t *set, int timed, int interrupts, uintptr_t ra);
/* sigsuspend (@mask) and pause (NULL): -1 with errno EINTR once a handler
 * ran. */
int rt_sched_sigsuspend (const sigset_t *mask, uintptr_t ra);
void rt_sched_once_begin (const void *control);
void rt_sched_once_end (const void *control);
/* A condition wait, timed if @abstime is not NULL: until then on @clock,
 * or on the condition's own clock if @clock is RT_COND_CLOCK (a NULL
 * deadline of a timed wait, which glibc would fault on, waits for ever). */
#define RT_COND_CLOCK ((clockid_t) -1)
int rt_sched_cond_wait (void *cond, void *mutex, const struct timespec *abstime, clockid_t clock,
                        uintptr_t ra);
/* The whole of a condition-variable wait intercept (pthread and C11), on
 * `c' and `m' in scope: COND_WAIT (arg = the mutex, aux = TIMED) before
 * CALL, COND_WAKE after it; under the scheduler the wait is emulated
 * (timed: until ABSTIME on CLOCK) and its errno-style result handed
 * through RESULT_OF. */
#define RT_COND_WAIT_BODY(flags_, timed_, abstime_, clock_, result_of_, call_) \
  RtSync op;                                                                \
  uintptr_t ra = RT_RA ();                                                  \
  if (!rt_sync_begin (&op, AUGUR_EV_COND_WAKE, flags_, c, ra))              \
    return call_;                                                           \
  if (rt_sched_is_on ())                                                    \
    return result_of_ (rt_sched_cond_wait (c, m, (timed_) ? (abstime_) : NULL, clock_, ra)); \
  rt_mutex_note_use (m, flags_, ra);                                        \
  op.pre_kind = AUGUR_EV_COND_WAIT;                                         \
  op.pre_aux = timed_;                                                      \
  op.pre_arg = (uint64_t) (uintptr_t) m;                                    \
  op.rec.arg = (uint64_t) (uintptr_t) m;                                    \
  rt_sync_before (&op);                                                     \
  int r = call_;                                                            \
  rt_sync_after (&op, r);                                                   \
  return r;
int rt_sched_barrier_wait (void *barrier, uintptr_t ra);
/* An event that names addresses (ALLOC, FREE, THREAD_START, THREAD_TLS,
 * fields as in the trace record), appended to the page's objects[]. */
void rt_sched_object (uint8_t kind, uint32_t tid, uint32_t aux, uint64_t addr, uint64_t arg);
/* An ALLOC record's event, with where it was allocated (its pc, module). */
void rt_sched_alloc_object (const AugurRecord *rec);
/* rt_thread_stack_top() of a thread whose stack glibc allocated, cheaply. */
uint64_t rt_sched_stack_top (void);
/* Resolve libgcc's unwinder for Await's fingerprints (once, at start). */
void rt_sched_find_unwinder (void);
/* free(p) under the explorer: false if it is a double free or frees
 * memory malloc did not return (a misuse is recorded; the caller must not
 * pass it to the allocator). */
bool rt_sched_free_ok (void *p, uint32_t pc, uint8_t module);
/* free(p) passed rt_sched_free_ok: its @size bytes are freed memory. */
void rt_sched_freed (void *p, size_t size);
/* ... and the synchronisation objects in them are dead ones until the
 * memory is handed out again (rt-sched-heap.c). */
void rt_sched_objs_freed (void *p, size_t size);
/* malloc & co. returned p, of @size bytes: a block that may be freed
 * again, no longer freed memory. */
void rt_sched_allocated (void *p, size_t size);
/* A sleep or yield of the calling thread (a YIELD step): 1 if the
 * scheduler took it (the caller returns at once), 0 if it is off. */
int rt_sched_yield (uintptr_t ra);
/* The calling thread's next step, an atomic load of addrs[0], is not
 * enabled until another thread writes one of the @n (at most
 * RT_AWAIT_MAX) 32-bit words at @addrs: an intercept knows its call would
 * block until then (rt-fdio.c).  A hang if no thread ever does. */
void rt_sched_await_loads (const uintptr_t *addrs, unsigned n);
/* The calling thread goes into (@call, AUGUR_KERNEL_WAIT_*, at @ra) or
 * comes back from (AUGUR_KERNEL_WAIT_NONE) a kernel call that may wait for
 * what augur does not model: the page says so while it is in it, for a
 * watchdog that kills the run there (shm->kernel_wait).  Makes no system
 * call: errno is left as the kernel's call set it. */
void rt_sched_kernel_wait (int call, uintptr_t ra);
/* Module @index (1 on) of the program's, loaded at @bias from @path,
 * built by augur-cc if @instrumented (rt-module.c found it): described on
 * the page for the explorer's names of the steps in it. */
void rt_sched_module (uint32_t index, uint64_t bias, const char *path, int instrumented);
/* A time function: 1 and the virtual clock in *ns if the scheduler is
 * on (a step), 0 if it is off (the caller asks the kernel). */
int rt_sched_clock (uint64_t *ns, uintptr_t ra);
/* A wait of the calling thread with a timeout of @ns timed out (its call
 * returns so): a step (a YIELD that writes the clock,
 * AUGUR_SXF_CLOCK_JUMP) after which the virtual clock is @ns later.
 * Nothing if the scheduler is off. */
void rt_sched_timed_out (uint64_t ns, uintptr_t ra);
/* A wait until @abstime on @clock timed out: rt_sched_timed_out's step,
 * by the time from what the calling thread knows of the clock to the
 * deadline (rt-sched-deadline.c); none if it knows the deadline passed.
 * rt_sched_timeout_owed: the same, but the step is taken once the
 * call's own step is done (rt_sched_sync_after: the timed locks and
 * semaphore waits, whose timeout is decided inside their call). */
void rt_sched_timed_out_at (clockid_t clock, const struct timespec *abstime, uintptr_t ra);
void rt_sched_timeout_owed (clockid_t clock, const struct timespec *abstime, uintptr_t ra);
/* The virtual clock starts at this date (CLOCK_REALTIME's time, in
 * nanoseconds); every clock reads it, the monotonic ones (and every
 * other but the real-time ones) RT_CLOCK_MONO_SHIFT_NS earlier: they
 * start near zero, as the kernel's do after a boot. */
#define RT_CLOCK_BASE_NS 1767225600000000000ull   /* 2026-01-01 00:00:00 UTC */
#define RT_CLOCK_MONO_SHIFT_NS (RT_CLOCK_BASE_NS - 1000000000000ull)
RT_INLINE bool
rt_clock_is_realtime (clockid_t id)
{
  return id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE || id == CLOCK_TAI;
}
/* A sleep of @ns: rt_sched_yield's step, after which the virtual clock
 * is @ns later (a step that writes it, as rt_sched_timed_out's, if @ns is
 * not 0). */
int rt_sched_sleep (uint64_t ns, uintptr_t ra);

#endif /* AUGUR_RT_SCHED_H */
