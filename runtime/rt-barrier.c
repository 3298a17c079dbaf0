/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-barrier.c — pthread barrier intercepts.
 *
 * A wait is BARRIER_ENTER before the call (release-like: every thread's
 * entry is in the trace before any thread leaves) and BARRIER_LEAVE after
 * it, with arg = 1 in the one thread that got
 * PTHREAD_BARRIER_SERIAL_THREAD.
 */
#include "config.h"

#include "runtime/rt-internal.h"
#include "runtime/rt-sched.h"

#include <pthread.h>

RT_DEFINE_REAL (pthread_barrier_init, NULL)
RT_DEFINE_REAL (pthread_barrier_wait, NULL)
RT_DEFINE_REAL (pthread_barrier_destroy, NULL)

RT_EXPORT int
pthread_barrier_init (pthread_barrier_t *b, const pthread_barrierattr_t *attr, unsigned count)
{
  RtSync op;
  if (!rt_sync_begin (&op, AUGUR_EV_BARRIER_INIT, 0, b, RT_RA ()))
    return get_real_pthread_barrier_init () (b, attr, count);
  op.rec.arg = count;
  rt_sync_before (&op);
  int r = get_real_pthread_barrier_init () (b, attr, count);
  rt_sync_after (&op, r);
  return r;
}

RT_EXPORT int
pthread_barrier_wait (pthread_barrier_t *b)
{
  RtSync op;
  if (!rt_sync_begin (&op, AUGUR_EV_BARRIER_LEAVE, 0, b, RT_RA ()))
    return get_real_pthread_barrier_wait () (b);
  if (rt_sched_is_on ())
    return rt_sched_barrier_wait (b, RT_RA ());
  op.pre_kind = AUGUR_EV_BARRIER_ENTER;
  rt_sync_before (&op);
  int r = get_real_pthread_barrier_wait () (b);
  op.rec.arg = r == PTHREAD_BARRIER_SERIAL_THREAD;
  rt_sync_after (&op, r);
  return r;
}

RT_EXPORT int
pthread_barrier_destroy (pthread_barrier_t *b)
{
  RT_SYNC_BODY (AUGUR_EV_BARRIER_DESTROY, 0, b, 0, get_real_pthread_barrier_destroy () (b))
}
