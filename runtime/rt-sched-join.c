/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sched-join.c — pthread_tryjoin_np and pthread_timedjoin_np under the
 * controlled scheduler (rt-sched-private.h): they can fail, as glibc's do.
 *
 * A try or timed join does not wait: its step is a try (rt_sched_point's
 * try_op), a JOIN marked AUGUR_SXF_TRY.  Run once the thread it names has
 * ended (its EXIT step), it joins it, as pthread_join does.  Run before,
 * it fails: tryjoin with EBUSY, timedjoin with ETIMEDOUT after its
 * timeout's step, which moves the virtual clock on past its deadline
 * (rt-sched-deadline.c); the thread stays joinable.  Its step is then an
 * atomic READ of the thread's end (AUGUR_SCHED_THREAD_END_OBJ, which the
 * EXIT writes and a try's JOIN reads: augur_sched_dependent), so the
 * explorer runs the try both before and after the end, as a trylock
 * before and after an unlock; a loop that retries it awaits the end.  A
 * timed join with no deadline (NULL) waits as pthread_join.
 */
#include "config.h"

#include "runtime/rt-sched-private.h"

#include <errno.h>

int
rt_sched_join_busy (uint64_t tid, int how, clockid_t clock, const struct timespec *abstime,
                    uintptr_t ra)
{
  if (how == AUGUR_TRY_BLOCKING || tid >= RT_MAXT || rt_sth[tid].state != AUGUR_STH_ENABLED)
    return 0;
  if (how == AUGUR_TRY_TRY)
    return EBUSY;
  rt_sched_timeout_owed (clock, abstime, ra);
  return ETIMEDOUT;
}

void
rt_sched_join_tried (AugurSchedStep *s, int64_t result)
{
  if (s == NULL || s->op != AUGUR_SOP_JOIN || !(s->xflags & AUGUR_SXF_TRY) || result == 0)
    return;
  if (result != EBUSY && result != ETIMEDOUT)
    return;
  s->op = AUGUR_SOP_READ;
  s->flags |= AUGUR_SF_ATOMIC | AUGUR_SF_FAILED | (result == ETIMEDOUT ? AUGUR_SF_TIMEOUT : 0);
  s->xflags &= (uint16_t) ~AUGUR_SXF_TRY;
  s->obj = AUGUR_SCHED_THREAD_END_OBJ (s->arg);
}
