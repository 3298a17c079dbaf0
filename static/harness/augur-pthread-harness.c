/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * augur-pthread-harness.c — an ANALYSIS-ONLY model of POSIX and C11 threads
 * for Frama-C/Eva.  It is given to frama-c next to the program's sources by
 * `augur static` and is never compiled into a real program.
 *
 * Model (what the plug-in static/plugin/augur_static.ml relies on):
 *  - Thread creation runs the thread body synchronously, and only
 *    nondeterministically, through the marker __augur_thread_start(): Eva
 *    then analyses the body with the real argument, and the parent's state
 *    after the call is the join of "thread ran" and "thread did not run yet".
 *    Every call stack that goes through a marker is a thread context; the
 *    call stack of the marker call identifies the thread (its creation site).
 *  - __augur_depth is how deeply thread runs are nested: 0 in main, 1 in a
 *    thread main created, 2 in a thread that one created...  A lock
 *    object's first int holds its owner: 2*(depth+1)+1 when held
 *    exclusively, 2*(depth+1) when held shared (rwlock read mode), 0 when
 *    free.  Because the harness runs one thread at a time, the only running
 *    thread at a given depth is the one being analysed, so a lock is
 *    definitely held at a statement when Eva knows that word to be exactly
 *    the owner value of the depth there.  The depth, unlike a thread id, is
 *    the same for every thread a loop creates, so it stays exact where Eva
 *    joins their runs.  A lock left held by an earlier thread at the same
 *    depth (a thread that exited holding it) would look held: the plug-in
 *    ignores, for a thread, every lock whose word may already hold that
 *    thread's owner value when the thread starts.
 *  - __augur_live counts created minus joined threads: where it is exactly 0,
 *    main runs alone and its accesses race with nothing.
 *  - main's pthread_join runs the joined thread's body once more (again
 *    only nondeterministically), from main's state: a thread may really
 *    run only after its creator did everything up to the join, e.g. after
 *    it filled a queue or set the flag the thread waits for.  __augur_tid
 *    holds the harness's number of the thread being analysed, so that the
 *    plug-in sees both runs as one thread.  This adds precision only: code
 *    the first run missed is already counted as unknown by the plug-in.
 *  - __augur_joined[n] becomes 1 when main has joined thread n (numbered
 *    as main creates them): a thread main creates where Eva knows that word
 *    to be exactly 1 starts after thread n ended, so they never overlap.
 *  - Semaphores, barriers and condition-variable signals are not ordering:
 *    they only return success, so no pair is pruned because of them.
 */
#include <pthread.h>
#include <semaphore.h>
#include <errno.h>
#include <stddef.h>

#if defined(__has_include)
#if __has_include(<threads.h>)
#include <threads.h>
#define AUGUR_HAVE_C11_THREADS 1
#endif
#endif

volatile int __augur_nondet;
int __augur_depth = 0;
int __augur_tid = 0;
/* Thread numbers: threads main creates are numbered apart, 1, 2 ..., so
 * that their numbers stay exact although each creation may or may not have
 * run the bodies that create more threads; the others count from 1000. */
int __augur_next_main_tid = 0;
int __augur_next_tid = 1000;
int __augur_live = 0;
void *__augur_retval;

/* The thread markers: the plug-in finds thread contexts through them. */
void
__augur_thread_start (void *(*start_routine) (void *), void *arg)
{
  void *r = start_routine (arg);
  if (__augur_nondet)
    __augur_retval = r;
}

/* What each thread runs, for its second run at pthread_join. */
#define AUGUR_MAX_THREADS 64
static void *(*augur_routine[AUGUR_MAX_THREADS]) (void *);
static void *augur_arg[AUGUR_MAX_THREADS];
int __augur_joined[AUGUR_MAX_THREADS];

static void
augur_run (int tid, void *(*start_routine) (void *), void *arg)
{
  int saved = __augur_tid;
  __augur_tid = tid;
  __augur_depth++;
  __augur_thread_start (start_routine, arg);
  __augur_depth--;
  __augur_tid = saved;
}

static int
augur_spawn (void *(*start_routine) (void *), void *arg)
{
  int tid = __augur_depth == 0 ? ++__augur_next_main_tid : ++__augur_next_tid;
  __augur_live++;
  if (tid < AUGUR_MAX_THREADS)
    {
      augur_routine[tid] = start_routine;
      augur_arg[tid] = arg;
    }
  if (__augur_nondet)
    augur_run (tid, start_routine, arg);
  return tid;
}

static int
augur_owner_exclusive (void)
{
  return 2 * (__augur_depth + 1) + 1;
}

static int
augur_owner_shared (void)
{
  return 2 * (__augur_depth + 1);
}

int
pthread_create (pthread_t *thread, const pthread_attr_t *attr,
                void *(*start_routine) (void *), void *arg)
{
  int tid = augur_spawn (start_routine, arg);
  *(int *) thread = tid;
  return 0;
}

int
pthread_join (pthread_t thread, void **retval)
{
  int tid = *(int *) &thread;
  /* Only main's joins: a run at every nested join multiplies the thread
   * contexts, and nested runs are where Eva's view is least precise. */
  if (__augur_nondet && __augur_depth == 0
      && tid > 0 && tid < AUGUR_MAX_THREADS && augur_routine[tid] != NULL)
    augur_run (tid, augur_routine[tid], augur_arg[tid]);
  if (__augur_depth == 0 && tid > 0 && tid < AUGUR_MAX_THREADS)
    __augur_joined[tid] = 1;
  __augur_live--;
  if (retval != NULL)
    *retval = __augur_retval;
  return 0;
}

int
pthread_detach (pthread_t thread)
{
  return 0;
}

static int
augur_lock (void *lock)
{
  *(int *) lock = augur_owner_exclusive ();
  return 0;
}

static int
augur_trylock (void *lock)
{
  if (__augur_nondet)
    {
      *(int *) lock = augur_owner_exclusive ();
      return 0;
    }
  return EBUSY;
}

static int
augur_unlock (void *lock)
{
  *(int *) lock = 0;
  return 0;
}

int pthread_mutex_init (pthread_mutex_t *restrict m, const pthread_mutexattr_t *restrict a)
{ *(int *) m = 0; return 0; }
int pthread_mutex_destroy (pthread_mutex_t *m) { return 0; }
int pthread_mutex_lock (pthread_mutex_t *m) { return augur_lock (m); }
int pthread_mutex_trylock (pthread_mutex_t *m) { return augur_trylock (m); }
int pthread_mutex_unlock (pthread_mutex_t *m) { return augur_unlock (m); }

int pthread_rwlock_init (pthread_rwlock_t *restrict l, const pthread_rwlockattr_t *restrict a)
{ *(int *) l = 0; return 0; }
int pthread_rwlock_destroy (pthread_rwlock_t *l) { return 0; }
int pthread_rwlock_wrlock (pthread_rwlock_t *l) { return augur_lock (l); }
int pthread_rwlock_trywrlock (pthread_rwlock_t *l) { return augur_trylock (l); }
int pthread_rwlock_rdlock (pthread_rwlock_t *l)
{ *(int *) l = augur_owner_shared (); return 0; }
int
pthread_rwlock_tryrdlock (pthread_rwlock_t *l)
{
  if (__augur_nondet)
    {
      *(int *) l = augur_owner_shared ();
      return 0;
    }
  return EBUSY;
}
int pthread_rwlock_unlock (pthread_rwlock_t *l) { return augur_unlock (l); }

int pthread_spin_init (pthread_spinlock_t *s, int pshared) { *(int *) s = 0; return 0; }
int pthread_spin_destroy (pthread_spinlock_t *s) { return 0; }
int pthread_spin_lock (pthread_spinlock_t *s) { return augur_lock ((void *) s); }
int pthread_spin_trylock (pthread_spinlock_t *s) { return augur_trylock ((void *) s); }
int pthread_spin_unlock (pthread_spinlock_t *s) { return augur_unlock ((void *) s); }

/* A wait releases the mutex and takes it again before returning. */
int
pthread_cond_wait (pthread_cond_t *restrict c, pthread_mutex_t *restrict m)
{
  augur_unlock (m);
  augur_lock (m);
  return 0;
}
int
pthread_cond_timedwait (pthread_cond_t *restrict c, pthread_mutex_t *restrict m,
                        const struct timespec *restrict t)
{
  augur_unlock (m);
  augur_lock (m);
  return __augur_nondet ? 0 : ETIMEDOUT;
}
int pthread_cond_init (pthread_cond_t *restrict c, const pthread_condattr_t *restrict a)
{ return 0; }
int pthread_cond_destroy (pthread_cond_t *c) { return 0; }
int pthread_cond_signal (pthread_cond_t *c) { return 0; }
int pthread_cond_broadcast (pthread_cond_t *c) { return 0; }

int sem_init (sem_t *s, int pshared, unsigned value) { return 0; }
int sem_destroy (sem_t *s) { return 0; }
int sem_wait (sem_t *s) { return 0; }
int sem_trywait (sem_t *s) { return __augur_nondet ? 0 : -1; }
int sem_post (sem_t *s) { return 0; }

int pthread_barrier_init (pthread_barrier_t *restrict b,
                          const pthread_barrierattr_t *restrict a, unsigned n)
{ return 0; }
int pthread_barrier_destroy (pthread_barrier_t *b) { return 0; }
int pthread_barrier_wait (pthread_barrier_t *b)
{ return __augur_nondet ? 0 : PTHREAD_BARRIER_SERIAL_THREAD; }

int
pthread_once (pthread_once_t *once, void (*routine) (void))
{
  if (*(int *) once == 0)
    {
      *(int *) once = 1;
      routine ();
    }
  return 0;
}

#ifdef AUGUR_HAVE_C11_THREADS
void
__augur_thread_start_c11 (thrd_start_t func, void *arg)
{
  int r = func (arg);
  if (__augur_nondet)
    __augur_retval = (void *) (long) r;
}

int
thrd_create (thrd_t *thr, thrd_start_t func, void *arg)
{
  int tid = __augur_depth == 0 ? ++__augur_next_main_tid : ++__augur_next_tid;
  __augur_live++;
  if (__augur_nondet)
    {
      int saved = __augur_tid;
      __augur_tid = tid;
      __augur_depth++;
      __augur_thread_start_c11 (func, arg);
      __augur_depth--;
      __augur_tid = saved;
    }
  *(int *) thr = tid;
  return thrd_success;
}

int
thrd_join (thrd_t thr, int *res)
{
  __augur_live--;
  if (res != NULL)
    *res = (int) (long) __augur_retval;
  return thrd_success;
}

int thrd_detach (thrd_t thr) { return thrd_success; }
int mtx_init (mtx_t *m, int type) { *(int *) m = 0; return thrd_success; }
void mtx_destroy (mtx_t *m) { }
int mtx_lock (mtx_t *m) { augur_lock (m); return thrd_success; }
int mtx_trylock (mtx_t *m) { return augur_trylock (m) == 0 ? thrd_success : thrd_busy; }
int mtx_timedlock (mtx_t *restrict m, const struct timespec *restrict t)
{ return augur_trylock (m) == 0 ? thrd_success : thrd_timedout; }
int mtx_unlock (mtx_t *m) { augur_unlock (m); return thrd_success; }
int cnd_init (cnd_t *c) { return thrd_success; }
void cnd_destroy (cnd_t *c) { }
int cnd_signal (cnd_t *c) { return thrd_success; }
int cnd_broadcast (cnd_t *c) { return thrd_success; }
int cnd_wait (cnd_t *c, mtx_t *m) { augur_unlock (m); augur_lock (m); return thrd_success; }
int cnd_timedwait (cnd_t *restrict c, mtx_t *restrict m, const struct timespec *restrict t)
{ augur_unlock (m); augur_lock (m); return __augur_nondet ? thrd_success : thrd_timedout; }
void
call_once (once_flag *flag, void (*func) (void))
{
  if (*(int *) flag == 0)
    {
      *(int *) flag = 1;
      func ();
    }
}
#endif
