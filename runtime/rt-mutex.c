/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-mutex.c — pthread mutex intercepts.
 *
 * init records the mutex type as the trace names it (normal, recursive,
 * errorcheck, default); a mutex first seen in use without init (a static
 * PTHREAD_MUTEX_INITIALIZER) gets a MUTEX_INIT with AUGUR_MUTEX_STATIC just
 * before its first event.  A blocking lock (lock, timedlock, clocklock)
 * writes MUTEX_LOCK_REQ before the call, so a run that hangs shows who was
 * waiting for what, and the acquisition after the call; unlock is written
 * before the call (release-like), see rt-sync.c.
 *
 * glibc gives PTHREAD_MUTEX_NORMAL and PTHREAD_MUTEX_DEFAULT the same value,
 * so the only way to tell an explicitly normal mutex from a default one is
 * to remember which attribute objects had settype(NORMAL) called on them:
 * a handful of addresses, kept here.
 */
#include "config.h"

#include "runtime/rt-internal.h"
#include "runtime/rt-sched.h"

#include "runtime/rt-sys.h"

#include <pthread.h>
#include <errno.h>
#include <linux/futex.h>
#include <sched.h>
#include <stddef.h>
#include <time.h>

/* ------------------------------------------------------------------ */
/* Attribute objects explicitly set to PTHREAD_MUTEX_NORMAL. */

#define NORMAL_ATTRS 64
static const void *normal_attrs[NORMAL_ATTRS];
static int attrs_lock;

static void
attrs_take (void)
{
  rt_spin_take (&attrs_lock);
}

static void
attrs_mark (const void *attr, bool normal)
{
  attrs_take ();
  int free_slot = -1;
  for (int k = 0; k < NORMAL_ATTRS; k++)
    {
      if (normal_attrs[k] == attr)
        {
          if (!normal)
            normal_attrs[k] = NULL;
          goto out;
        }
      if (normal_attrs[k] == NULL && free_slot < 0)
        free_slot = k;
    }
  if (normal && free_slot >= 0)
    normal_attrs[free_slot] = attr;
out:
  rt_spin_give (&attrs_lock);
}

static bool
attrs_is_normal (const void *attr)
{
  bool found = false;
  attrs_take ();
  for (int k = 0; k < NORMAL_ATTRS; k++)
    if (normal_attrs[k] == attr)
      found = true;
  rt_spin_give (&attrs_lock);
  return found;
}

RT_DEFINE_REAL (pthread_mutexattr_init, NULL)
RT_DEFINE_REAL (pthread_mutexattr_settype, NULL)
RT_DEFINE_REAL (pthread_mutexattr_destroy, NULL)

RT_EXPORT int
pthread_mutexattr_init (pthread_mutexattr_t *attr)
{
  if (rt_is_active ())
    attrs_mark (attr, false);
  return get_real_pthread_mutexattr_init () (attr);
}

RT_EXPORT int
pthread_mutexattr_settype (pthread_mutexattr_t *attr, int type)
{
  int r = get_real_pthread_mutexattr_settype () (attr, type);
  if (r == 0 && rt_is_active ())
    attrs_mark (attr, type == PTHREAD_MUTEX_NORMAL);
  return r;
}

RT_EXPORT int
pthread_mutexattr_destroy (pthread_mutexattr_t *attr)
{
  if (rt_is_active ())
    attrs_mark (attr, false);
  return get_real_pthread_mutexattr_destroy () (attr);
}

static uint64_t
type_of (const pthread_mutexattr_t *attr)
{
  if (attr == NULL)
    return AUGUR_MUTEX_DEFAULT;
  int type = PTHREAD_MUTEX_DEFAULT;
  rt_guard_enter ();
  int r = pthread_mutexattr_gettype (attr, &type);
  rt_guard_leave ();
  if (r != 0)
    return AUGUR_MUTEX_DEFAULT;
  switch (type)
    {
    case PTHREAD_MUTEX_RECURSIVE:
      return AUGUR_MUTEX_RECURSIVE;
    case PTHREAD_MUTEX_ERRORCHECK:
      return AUGUR_MUTEX_ERRORCHECK;
    case PTHREAD_MUTEX_ADAPTIVE_NP:
      return AUGUR_MUTEX_NORMAL;
    default:
      return attrs_is_normal (attr) ? AUGUR_MUTEX_NORMAL : AUGUR_MUTEX_DEFAULT;
    }
}

void
rt_mutex_note_use (const void *mutex, uint8_t flags, uintptr_t ra)
{
  if (RT_LIKELY (rt_objset_contains (mutex)))
    return;
  if (rt_objset_insert (mutex))
    rt_event (AUGUR_EV_MUTEX_INIT, flags, ra, 0, (uint64_t) (uintptr_t) mutex, AUGUR_MUTEX_STATIC);
}

/* The calling thread, recorded (not under the scheduler), exits: the
 * kernel will release the robust mutexes it holds, owner died, and the
 * next lock of each returns EOWNERDEAD.  Those releases are recorded as
 * the thread's unlocks, before its THREAD_EXIT, so that the trace orders
 * the next owner after the dead one, as the explorer's steps do
 * (rt-sched-robust.c).  The mutexes are the ones on the thread's robust
 * list (glibc's, registered with the kernel): each entry is a held
 * mutex's __data.__list.__next, its low bit set for a PI mutex. */
void
rt_mutex_record_owner_died (uint8_t flags, uintptr_t ra)
{
  struct robust_list_head *head = NULL;
  size_t len = 0;
  if (rt_sys_raw (SYS_get_robust_list, 0, (long) &head, (long) &len, 0, 0, 0) != 0 || head == NULL)
    return;
  const size_t link = offsetof (pthread_mutex_t, __data.__list.__next);
  uintptr_t e = (uintptr_t) head->list.next;
  for (int n = 0; n < 4096 && e != 0 && (e & ~(uintptr_t) 1) != (uintptr_t) &head->list; n++)
    {
      const pthread_mutex_t *m = (const pthread_mutex_t *) ((e & ~(uintptr_t) 1) - link);
      rt_event (AUGUR_EV_MUTEX_UNLOCK, flags, ra, 0, (uint64_t) (uintptr_t) m, 0);
      e = (uintptr_t) m->__data.__list.__next;
    }
}

RT_DEFINE_REAL (pthread_mutex_init, NULL)
RT_DEFINE_REAL (pthread_mutex_lock, NULL)
RT_DEFINE_REAL (pthread_mutex_trylock, NULL)
RT_DEFINE_REAL (pthread_mutex_timedlock, NULL)
RT_DEFINE_REAL (pthread_mutex_clocklock, NULL)
RT_DEFINE_REAL (pthread_mutex_unlock, NULL)
RT_DEFINE_REAL (pthread_mutex_destroy, NULL)

RT_EXPORT int
pthread_mutex_init (pthread_mutex_t *m, const pthread_mutexattr_t *attr)
{
  RtSync op;
  if (!rt_sync_begin (&op, AUGUR_EV_MUTEX_INIT, 0, m, RT_RA ()))
    return get_real_pthread_mutex_init () (m, attr);
  op.rec.arg = type_of (attr);
  rt_sync_before (&op);
  int r = get_real_pthread_mutex_init () (m, attr);
  rt_objset_insert (m);
  rt_sync_after (&op, r);
  return r;
}

/* lock, timedlock and clocklock: LOCK_REQ before, the acquisition after. */
#define LOCK_BODY(kind, try_kind, call) \
  RT_MUTEX_BODY (kind, 0, AUGUR_EV_MUTEX_LOCK_REQ, try_kind, call)

RT_EXPORT int
pthread_mutex_lock (pthread_mutex_t *m)
{
  LOCK_BODY (AUGUR_EV_MUTEX_LOCK, AUGUR_TRY_BLOCKING, get_real_pthread_mutex_lock () (m))
}

/* Under the scheduler a timed lock is taken now or times out: the model
 * says which, the real trylock takes it (rt_sched_timed_busy); a timeout
 * moves the clock on past @abstime on @clock once the lock's step is
 * done. */
static int
sched_timedlock (pthread_mutex_t *m, clockid_t clock, const struct timespec *abstime, uintptr_t ra)
{
  int busy = rt_sched_timed_busy (m, RT_TIMED_MUTEX);
  if (busy == ETIMEDOUT)
    rt_sched_timeout_owed (clock, abstime, ra);
  return busy != 0 ? busy : get_real_pthread_mutex_trylock () (m);
}

RT_EXPORT int
pthread_mutex_timedlock (pthread_mutex_t *m, const struct timespec *abstime)
{
  LOCK_BODY (AUGUR_EV_MUTEX_TIMEDLOCK, AUGUR_TRY_TIMED,
             rt_sched_is_on () ? sched_timedlock (m, CLOCK_REALTIME, abstime, ra)
                               : get_real_pthread_mutex_timedlock () (m, abstime))
}

RT_EXPORT int
pthread_mutex_clocklock (pthread_mutex_t *m, clockid_t clock, const struct timespec *abstime)
{
  LOCK_BODY (AUGUR_EV_MUTEX_TIMEDLOCK, AUGUR_TRY_TIMED,
             rt_sched_is_on () ? sched_timedlock (m, clock, abstime, ra)
                               : get_real_pthread_mutex_clocklock () (m, clock, abstime))
}

RT_EXPORT int
pthread_mutex_trylock (pthread_mutex_t *m)
{
  RtSync op;
  uintptr_t ra = RT_RA ();
  if (!rt_sync_begin (&op, AUGUR_EV_MUTEX_TRYLOCK, 0, m, ra))
    return get_real_pthread_mutex_trylock () (m);
  rt_mutex_note_use (m, 0, ra);
  op.rec.aux = AUGUR_TRY_TRY;
  rt_sync_before (&op);
  int r = rt_sched_held_by_other (m) ? EBUSY : get_real_pthread_mutex_trylock () (m);
  rt_sync_after (&op, r);
  return r;
}

RT_EXPORT int
pthread_mutex_unlock (pthread_mutex_t *m)
{
  RT_MUTEX_BODY (AUGUR_EV_MUTEX_UNLOCK, 0, 0, 0,
                 rt_sched_unlock_refused () ? EPERM : get_real_pthread_mutex_unlock () (m))
}

RT_EXPORT int
pthread_mutex_destroy (pthread_mutex_t *m)
{
  RtSync op;
  uintptr_t ra = RT_RA ();
  if (!rt_sync_begin (&op, AUGUR_EV_MUTEX_DESTROY, 0, m, ra))
    return get_real_pthread_mutex_destroy () (m);
  rt_mutex_note_use (m, 0, ra);
  rt_sync_before (&op);
  int r = get_real_pthread_mutex_destroy () (m);
  if (r == 0)
    rt_objset_remove (m);
  rt_sync_after (&op, r);
  return r;
}
