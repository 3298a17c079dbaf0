/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-cond.c — pthread condition variable intercepts.
 *
 * A wait is two events: COND_WAIT before the call (it releases the mutex,
 * so it is release-like; arg = the mutex, aux = 1 if timed) and COND_WAKE
 * after it (the mutex is held again; aux = the result code, so a timeout
 * shows).  signal and broadcast are written before the call: a waiter they
 * wake always finds them earlier in the trace.
 *
 * glibc keeps the pre-2.3.2 condition variables under the old symbol
 * versions; dlsym without a version can hand back those, which would
 * corrupt a new-style pthread_cond_t, so the real functions are looked up
 * with dlvsym("GLIBC_2.3.2").
 */
#include "config.h"

#include "runtime/rt-internal.h"
#include "runtime/rt-sched.h"

#include <pthread.h>
#include <time.h>

#define COND_VERSION "GLIBC_2.3.2"

RT_DEFINE_REAL (pthread_cond_init, COND_VERSION)
RT_DEFINE_REAL (pthread_cond_wait, COND_VERSION)
RT_DEFINE_REAL (pthread_cond_timedwait, COND_VERSION)
RT_DEFINE_REAL (pthread_cond_signal, COND_VERSION)
RT_DEFINE_REAL (pthread_cond_broadcast, COND_VERSION)
RT_DEFINE_REAL (pthread_cond_destroy, COND_VERSION)
RT_DEFINE_REAL (pthread_cond_clockwait, NULL)

#define COND_BODY(kind, call) RT_SYNC_BODY (kind, 0, c, 0, call)

/* COND_WAIT before, COND_WAKE after; @timed: until @abstime on @clock
 * (RT_COND_CLOCK: the condition's own). */
#define WAIT_BODY(timed, abstime, clock, call) \
  RT_COND_WAIT_BODY (0, timed, abstime, clock, (int), call)

RT_EXPORT int
pthread_cond_init (pthread_cond_t *c, const pthread_condattr_t *attr)
{
  COND_BODY (AUGUR_EV_COND_INIT, get_real_pthread_cond_init () (c, attr))
}

RT_EXPORT int
pthread_cond_wait (pthread_cond_t *c, pthread_mutex_t *m)
{
  WAIT_BODY (0, NULL, RT_COND_CLOCK, get_real_pthread_cond_wait () (c, m))
}

RT_EXPORT int
pthread_cond_timedwait (pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *abstime)
{
  WAIT_BODY (1, abstime, RT_COND_CLOCK, get_real_pthread_cond_timedwait () (c, m, abstime))
}

RT_EXPORT int
pthread_cond_clockwait (pthread_cond_t *c, pthread_mutex_t *m, clockid_t clock,
                        const struct timespec *abstime)
{
  WAIT_BODY (1, abstime, clock, get_real_pthread_cond_clockwait () (c, m, clock, abstime))
}

RT_EXPORT int
pthread_cond_signal (pthread_cond_t *c)
{
  COND_BODY (AUGUR_EV_COND_SIGNAL, get_real_pthread_cond_signal () (c))
}

RT_EXPORT int
pthread_cond_broadcast (pthread_cond_t *c)
{
  COND_BODY (AUGUR_EV_COND_BROADCAST, get_real_pthread_cond_broadcast () (c))
}

RT_EXPORT int
pthread_cond_destroy (pthread_cond_t *c)
{
  COND_BODY (AUGUR_EV_COND_DESTROY, get_real_pthread_cond_destroy () (c))
}
