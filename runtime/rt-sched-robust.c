/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sched-robust.c — robust mutexes (PTHREAD_MUTEX_ROBUST) under the
 * controlled scheduler.
 *
 * Natively, a thread that ends holding a robust mutex leaves it to the
 * kernel, which walks the thread's robust list at its exit: the mutex is
 * released, marked FUTEX_OWNER_DIED in its lock word.  The next lock,
 * trylock or timedlock takes it and returns EOWNERDEAD (glibc then marks
 * it inconsistent); pthread_mutex_consistent by the new owner clears the
 * mark, an unlock without it makes the mutex not recoverable: every later
 * lock returns ENOTRECOVERABLE at once, without taking it.
 *
 * Under the scheduler the model decides who owns a mutex, and the
 * thread's real exit may come much later (or, on fibers, never: all the
 * fibers share one kernel thread).  So the exiting thread does the
 * kernel's part itself, as a step of its own before its EXIT: an UNLOCK
 * of each robust mutex it holds (AUGUR_SXF_OWNER_DIED), which DPOR orders
 * against the other operations on the mutex like any release; then the
 * real unlock (the owner's, which takes the mutex off the robust list of
 * the thread that locked it) and the owner-died mark in the lock word.
 * From there on glibc answers every call as it would natively: the next
 * lock returns EOWNERDEAD (taken: rt-sched-sync.c's lock_after), consistent
 * and unlock go to libc unchanged, and a lock of a mutex not recoverable
 * returns ENOTRECOVERABLE (a lock that failed).  The model needs no state
 * of its own.
 *
 * A non-robust mutex is left as it is: held by the dead thread, so that a
 * later lock waits for ever, which the scheduler reports.  Robust mutexes
 * with a priority protocol (PI, PP) are too: their lock word belongs to
 * the kernel's PI futex code.
 */
#include "config.h"

#include "runtime/rt-sched-private.h"

#include "common/augur-ops.h"

#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>

/* glibc's bits of pthread_mutex_t.__data.__kind (nptl's pthreadP.h) */
#define GLIBC_KIND_ROBUST 16
#define GLIBC_KIND_PRIO (32 | 64)   /* PRIO_INHERIT, PRIO_PROTECT */
/* glibc's __owner of a mutex taken with EOWNERDEAD, not yet consistent */
#define GLIBC_OWNER_INCONSISTENT INT_MAX

RT_DEFINE_REAL (pthread_mutex_unlock, NULL)

/* A robust mutex whose lock word is glibc's own (no priority protocol)? */
static int
robust_plain (const pthread_mutex_t *m)
{
  int kind = m->__data.__kind;
  return (kind & GLIBC_KIND_ROBUST) != 0 && (kind & GLIBC_KIND_PRIO) == 0;
}

int64_t
rt_sched_robust_lock (RtSObj *o, uint8_t ev_kind, int64_t result)
{
  if (result == EOWNERDEAD)
    result = 0;
  /* a spinlock is an int, C11's mtx_t glibc's pthread_mutex_t */
  if (augur_ops_event (ev_kind)->object != AUGUR_OPS_OBJ_MUTEX)
    return result;
  pthread_mutex_t *m = (pthread_mutex_t *) (uintptr_t) o->addr;
  if (result == 0)
    o->robust = (uint8_t) robust_plain (m);
  /* glibc's trylock of a mutex not recoverable (2.36: the `oldval == id`
   * after its CAS) returns ENOTRECOVERABLE with the mutex left locked by
   * the caller, so that the next lock waits for ever; POSIX takes nothing,
   * and nothing can hold such a mutex */
  else if (result == ENOTRECOVERABLE && robust_plain (m))
    __atomic_store_n (&m->__data.__lock, 0, __ATOMIC_RELEASE);
  return result;
}

/* What the kernel does at the exit of m's owner (handle_futex_death):
 * the real owner releases it (count times: a recursive one), then the
 * lock word gets the owner-died mark.  An owner that took it with
 * EOWNERDEAD and never made it consistent leaves it inconsistent, as
 * natively, not unrecoverable: glibc's unlock would make it that, so its
 * __owner is the thread's own for the unlock (the next lock marks it
 * inconsistent again). */
static void
owner_dies (pthread_mutex_t *m, uint32_t count)
{
  if (m->__data.__owner == GLIBC_OWNER_INCONSISTENT)
    m->__data.__owner = (int) (m->__data.__lock & FUTEX_TID_MASK);
  for (uint32_t k = 0; k < count; k++)
    get_real_pthread_mutex_unlock () (m);
  __atomic_or_fetch (&m->__data.__lock, FUTEX_OWNER_DIED, __ATOMIC_RELEASE);
}

/* The step that releases mutex @addr, held by thread me, as me exits. */
static void
release_one (uint64_t addr, uint32_t me, uintptr_t ra)
{
  AugurSchedStep s;
  rt_sched_make_step (&s, AUGUR_SOP_UNLOCK, AUGUR_EV_MUTEX_UNLOCK, addr, 1, ra);
  s.xflags |= AUGUR_SXF_OWNER_DIED;
  rt_sched_point (&s, 0);
  RtSObj *o = rt_sched_obj (addr, RT_OBJ_FREE);
  if (o == NULL || o->owner != me)
    return;
  uint32_t count = o->count ? o->count : 1;
  rt_sth[me].held = rt_sth[me].held >= count ? rt_sth[me].held - count : 0;
  o->owner = RT_NONE;
  o->count = 0;
  owner_dies ((pthread_mutex_t *) (uintptr_t) addr, count);
}

void
rt_sched_robust_exit (uint32_t me, uintptr_t ra)
{
  const RtSObj *o;
  for (uint32_t u = 0; (o = rt_sched_obj_nth (u)) != NULL; u++)
    if (o->kind == RT_OBJ_MUTEX && o->owner == me && o->robust
        && robust_plain ((const pthread_mutex_t *) (uintptr_t) o->addr))
      release_one (o->addr, me, ra);
}
