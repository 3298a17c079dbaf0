/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sem.c — POSIX semaphore intercepts (unnamed and named alike: wait and
 * post take any sem_t).
 *
 * The sem_* functions report errors through errno; the trace records the
 * errno value as the result code (0 on success), and errno is left exactly
 * as the real call set it.  sem_post is release-like (written before the
 * call); the waits are written after, with aux = blocking, try or timed.
 * Under the scheduler a timed wait takes the semaphore now or times out:
 * the real sem_trywait says which (the kernel's clock is no deadline's),
 * and a timeout moves the virtual clock on past the deadline.
 */
#include "config.h"

#include "runtime/rt-internal.h"
#include "runtime/rt-sched.h"

#include <errno.h>
#include <semaphore.h>
#include <time.h>

RT_DEFINE_REAL (sem_init, NULL)
RT_DEFINE_REAL (sem_wait, NULL)
RT_DEFINE_REAL (sem_trywait, NULL)
RT_DEFINE_REAL (sem_timedwait, NULL)
RT_DEFINE_REAL (sem_clockwait, NULL)
RT_DEFINE_REAL (sem_post, NULL)
RT_DEFINE_REAL (sem_destroy, NULL)

#define SEM_BODY(kind, try_kind, call)                                      \
  RtSync op;                                                                \
  if (!rt_sync_begin (&op, kind, 0, s, RT_RA ()))                           \
    return call;                                                            \
  op.rec.aux = try_kind;                                                    \
  rt_sync_before (&op);                                                     \
  int r = call;                                                             \
  int saved_errno = errno;                                                  \
  rt_sync_after (&op, r == 0 ? 0 : saved_errno);                            \
  errno = saved_errno;                                                      \
  return r;

RT_EXPORT int
sem_init (sem_t *s, int pshared, unsigned value)
{
  RtSync op;
  if (!rt_sync_begin (&op, AUGUR_EV_SEM_INIT, 0, s, RT_RA ()))
    return get_real_sem_init () (s, pshared, value);
  op.rec.arg = value;
  rt_sync_before (&op);
  int r = get_real_sem_init () (s, pshared, value);
  int saved_errno = errno;
  rt_sync_after (&op, r);
  errno = saved_errno;
  return r;
}

RT_EXPORT int
sem_wait (sem_t *s)
{
  SEM_BODY (AUGUR_EV_SEM_WAIT, AUGUR_TRY_BLOCKING, get_real_sem_wait () (s))
}

RT_EXPORT int
sem_trywait (sem_t *s)
{
  SEM_BODY (AUGUR_EV_SEM_WAIT, AUGUR_TRY_TRY, get_real_sem_trywait () (s))
}

/* A timed wait under the scheduler, until @abstime on @clock, at @ra. */
static int
sched_timedwait (sem_t *s, clockid_t clock, const struct timespec *abstime, uintptr_t ra)
{
  int r = get_real_sem_trywait () (s);
  if (r != 0 && errno == EAGAIN)
    {
      rt_sched_timeout_owed (clock, abstime, ra);
      errno = ETIMEDOUT;
    }
  return r;
}

RT_EXPORT int
sem_timedwait (sem_t *s, const struct timespec *abstime)
{
  SEM_BODY (AUGUR_EV_SEM_WAIT, AUGUR_TRY_TIMED,
            rt_sched_is_on () ? sched_timedwait (s, CLOCK_REALTIME, abstime, RT_RA ())
                              : get_real_sem_timedwait () (s, abstime))
}

RT_EXPORT int
sem_clockwait (sem_t *s, clockid_t clock, const struct timespec *abstime)
{
  SEM_BODY (AUGUR_EV_SEM_WAIT, AUGUR_TRY_TIMED,
            rt_sched_is_on () ? sched_timedwait (s, clock, abstime, RT_RA ())
                              : get_real_sem_clockwait () (s, clock, abstime))
}

RT_EXPORT int
sem_post (sem_t *s)
{
  SEM_BODY (AUGUR_EV_SEM_POST, 0, get_real_sem_post () (s))
}

RT_EXPORT int
sem_destroy (sem_t *s)
{
  SEM_BODY (AUGUR_EV_SEM_DESTROY, 0, get_real_sem_destroy () (s))
}
