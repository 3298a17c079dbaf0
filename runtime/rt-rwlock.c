/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-rwlock.c — pthread rwlock intercepts.
 *
 * Read and write acquisitions (blocking, try, timed, clock) are written
 * after the real call with the result code in arg and how they were asked
 * for in aux (AUGUR_TRY_*); a failed try or timeout is recorded too, with
 * its non-zero result, since a trylock that failed says something about the
 * order.  unlock is release-like and written before the call (rt-sync.c).
 */
#include "config.h"

#include "runtime/rt-internal.h"
#include "runtime/rt-sched.h"

#include <errno.h>
#include <pthread.h>
#include <time.h>

RT_DEFINE_REAL (pthread_rwlock_init, NULL)
RT_DEFINE_REAL (pthread_rwlock_rdlock, NULL)
RT_DEFINE_REAL (pthread_rwlock_wrlock, NULL)
RT_DEFINE_REAL (pthread_rwlock_tryrdlock, NULL)
RT_DEFINE_REAL (pthread_rwlock_trywrlock, NULL)
RT_DEFINE_REAL (pthread_rwlock_timedrdlock, NULL)
RT_DEFINE_REAL (pthread_rwlock_timedwrlock, NULL)
RT_DEFINE_REAL (pthread_rwlock_clockrdlock, NULL)
RT_DEFINE_REAL (pthread_rwlock_clockwrlock, NULL)
RT_DEFINE_REAL (pthread_rwlock_unlock, NULL)
RT_DEFINE_REAL (pthread_rwlock_destroy, NULL)

/* The one shape of every rwlock intercept. */
#define RW_BODY(kind, try_kind, call) RT_SYNC_BODY (kind, 0, rw, try_kind, call)

RT_EXPORT int
pthread_rwlock_init (pthread_rwlock_t *rw, const pthread_rwlockattr_t *attr)
{
  RW_BODY (AUGUR_EV_RWLOCK_INIT, 0, get_real_pthread_rwlock_init () (rw, attr))
}

RT_EXPORT int
pthread_rwlock_rdlock (pthread_rwlock_t *rw)
{
  RW_BODY (AUGUR_EV_RWLOCK_RDLOCK, AUGUR_TRY_BLOCKING, get_real_pthread_rwlock_rdlock () (rw))
}

RT_EXPORT int
pthread_rwlock_wrlock (pthread_rwlock_t *rw)
{
  RW_BODY (AUGUR_EV_RWLOCK_WRLOCK, AUGUR_TRY_BLOCKING, get_real_pthread_rwlock_wrlock () (rw))
}

RT_EXPORT int
pthread_rwlock_tryrdlock (pthread_rwlock_t *rw)
{
  RW_BODY (AUGUR_EV_RWLOCK_RDLOCK, AUGUR_TRY_TRY, get_real_pthread_rwlock_tryrdlock () (rw))
}

RT_EXPORT int
pthread_rwlock_trywrlock (pthread_rwlock_t *rw)
{
  RW_BODY (AUGUR_EV_RWLOCK_WRLOCK, AUGUR_TRY_TRY, get_real_pthread_rwlock_trywrlock () (rw))
}

/* Under the scheduler a timed lock is taken now or times out: the model
 * says which, the real trylock takes it (rt_sched_timed_busy); a timeout
 * moves the clock on past @abstime on @clock once the lock's step is
 * done. */
static int
sched_timedlock (pthread_rwlock_t *rw, int write, clockid_t clock, const struct timespec *abstime,
                 uintptr_t ra)
{
  int busy = rt_sched_timed_busy (rw, write ? RT_TIMED_WRLOCK : RT_TIMED_RDLOCK);
  if (busy == ETIMEDOUT)
    rt_sched_timeout_owed (clock, abstime, ra);
  if (busy != 0)
    return busy;
  return write ? get_real_pthread_rwlock_trywrlock () (rw) : get_real_pthread_rwlock_tryrdlock () (rw);
}

RT_EXPORT int
pthread_rwlock_timedrdlock (pthread_rwlock_t *rw, const struct timespec *abstime)
{
  RW_BODY (AUGUR_EV_RWLOCK_RDLOCK, AUGUR_TRY_TIMED,
           rt_sched_is_on () ? sched_timedlock (rw, 0, CLOCK_REALTIME, abstime, RT_RA ())
                             : get_real_pthread_rwlock_timedrdlock () (rw, abstime))
}

RT_EXPORT int
pthread_rwlock_timedwrlock (pthread_rwlock_t *rw, const struct timespec *abstime)
{
  RW_BODY (AUGUR_EV_RWLOCK_WRLOCK, AUGUR_TRY_TIMED,
           rt_sched_is_on () ? sched_timedlock (rw, 1, CLOCK_REALTIME, abstime, RT_RA ())
                             : get_real_pthread_rwlock_timedwrlock () (rw, abstime))
}

RT_EXPORT int
pthread_rwlock_clockrdlock (pthread_rwlock_t *rw, clockid_t clock, const struct timespec *abstime)
{
  RW_BODY (AUGUR_EV_RWLOCK_RDLOCK, AUGUR_TRY_TIMED,
           rt_sched_is_on () ? sched_timedlock (rw, 0, clock, abstime, RT_RA ())
                             : get_real_pthread_rwlock_clockrdlock () (rw, clock, abstime))
}

RT_EXPORT int
pthread_rwlock_clockwrlock (pthread_rwlock_t *rw, clockid_t clock, const struct timespec *abstime)
{
  RW_BODY (AUGUR_EV_RWLOCK_WRLOCK, AUGUR_TRY_TIMED,
           rt_sched_is_on () ? sched_timedlock (rw, 1, clock, abstime, RT_RA ())
                             : get_real_pthread_rwlock_clockwrlock () (rw, clock, abstime))
}

RT_EXPORT int
pthread_rwlock_unlock (pthread_rwlock_t *rw)
{
  RW_BODY (AUGUR_EV_RWLOCK_UNLOCK, 0, get_real_pthread_rwlock_unlock () (rw))
}

RT_EXPORT int
pthread_rwlock_destroy (pthread_rwlock_t *rw)
{
  RW_BODY (AUGUR_EV_RWLOCK_DESTROY, 0, get_real_pthread_rwlock_destroy () (rw))
}
