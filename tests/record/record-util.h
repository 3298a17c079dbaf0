/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * record-util.h — helpers for the recording tests' programs.
 *
 * The programs must produce the same event order on every run, so each
 * hand-over between threads is forced.  Most are forced by the primitives
 * themselves (a post before a wait, a join).  Some need one thread to know
 * that another is *blocked* inside a call (waiting on a condition variable,
 * queued on a mutex, arrived at a barrier, gone for good) before it goes
 * on; these helpers wait for that by reading glibc's own state, and are
 * compiled without instrumentation so that the waiting itself leaves no
 * events.  They never sleep for a time: they wait for a fact.
 */
#ifndef RECORD_UTIL_H
#define RECORD_UTIL_H

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <signal.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <threads.h>
#include <time.h>
#include <unistd.h>

#define UNINSTRUMENTED __attribute__ ((no_sanitize_thread, noinline, unused))

/* pthread_create / thrd_create returning the handle by value: main then
 * keeps it in a register, so no read of a handle in memory races with the
 * new thread's first events. */
static UNINSTRUMENTED pthread_t
spawn (void *(*routine) (void *), void *arg)
{
  pthread_t t;
  if (pthread_create (&t, NULL, routine, arg) != 0)
    _exit (99);
  return t;
}

static UNINSTRUMENTED thrd_t
spawn_c11 (thrd_start_t routine, void *arg)
{
  thrd_t t;
  if (thrd_create (&t, routine, arg) != thrd_success)
    _exit (99);
  return t;
}

/* n threads are inside pthread_cond_wait / cnd_wait on c (glibc counts
 * waiters in __wrefs, in steps of 8, before releasing the mutex). */
static UNINSTRUMENTED void
wait_cond_waiters (void *c, unsigned n)
{
  pthread_cond_t *cond = c;
  while ((__atomic_load_n (&cond->__data.__wrefs, __ATOMIC_ACQUIRE) >> 3) < n)
    syscall (SYS_sched_yield);   /* not the intercepted one: no SLEEP event */
}

/* Someone is queued on the (normal) mutex m: glibc marks it contended (2). */
static UNINSTRUMENTED void
wait_mutex_contended (pthread_mutex_t *m)
{
  while (__atomic_load_n (&m->__data.__lock, __ATOMIC_ACQUIRE) != 2)
    syscall (SYS_sched_yield);   /* not the intercepted one: no SLEEP event */
}

/* n threads wait on the semaphore (glibc keeps the waiter count in the
 * upper half of the 64-bit word). */
static UNINSTRUMENTED void
wait_sem_waiters (sem_t *s, unsigned n)
{
  const uint64_t *data = (const uint64_t *) (const void *) s;
  while ((__atomic_load_n (data, __ATOMIC_ACQUIRE) >> 32) < n)
    syscall (SYS_sched_yield);   /* not the intercepted one: no SLEEP event */
}

/* n threads have arrived at the barrier in this round (glibc's `in`). */
static UNINSTRUMENTED void
wait_barrier_arrived (pthread_barrier_t *b, unsigned n)
{
  const unsigned *in = (const unsigned *) (const void *) b;
  while (__atomic_load_n (in, __ATOMIC_ACQUIRE) < n)
    syscall (SYS_sched_yield);   /* not the intercepted one: no SLEEP event */
}

/* The kernel id of the calling thread, published for wait_thread_gone. */
static UNINSTRUMENTED void
publish_tid (volatile pid_t *where)
{
  __atomic_store_n (where, (pid_t) syscall (SYS_gettid), __ATOMIC_RELEASE);
}

/* The thread that published *where has finished and left the kernel. */
static UNINSTRUMENTED void
wait_thread_gone (volatile pid_t *where)
{
  pid_t tid;
  while ((tid = __atomic_load_n (where, __ATOMIC_ACQUIRE)) == 0)
    syscall (SYS_sched_yield);   /* not the intercepted one: no SLEEP event */
  while (syscall (SYS_tgkill, getpid (), tid, 0) == 0)
    syscall (SYS_sched_yield);   /* not the intercepted one: no SLEEP event */
}

/* A deadline in the past: timed calls on a busy object time out at once. */
static UNINSTRUMENTED struct timespec
past (void)
{
  struct timespec t = { .tv_sec = 1, .tv_nsec = 0 };
  return t;
}

#endif /* RECORD_UTIL_H */
