/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sched-deadline.c — a wait until a deadline that timed out under the
 * controlled scheduler (rt-sched-private.h): the virtual clock moves on
 * past the deadline, as it does after a poll's timeout.
 *
 * pthread_cond_timedwait and _clockwait, sem_timedwait and _clockwait,
 * the timed locks of mutexes and rwlocks, C11's cnd_timedwait and
 * mtx_timedlock wait until an absolute time on a clock: CLOCK_REALTIME,
 * or a monotonic one, which is the same virtual clock shifted
 * (rt-sched.h).  When one times out, the clock moves on
 * (rt_sched_timed_out, a step that writes it) by the time from what the
 * waiting thread knows of the clock to its deadline: the value it read
 * last, plus its own sleeps and timeouts since (its creator's knowledge
 * when it was created, if it never read the clock; the clock's start if
 * nobody did).  The clock only moves on, so it is at the deadline or later
 * after the step, which a program that reads it then sees; the move
 * depends on the thread's own history only, not on where other threads'
 * timeouts ran: timeouts still add up in any order, as the explorer takes
 * them to, and a replay sees the same times.  More time than the wait
 * took is a possible run (a slow machine).  A deadline the thread knows
 * has passed moves nothing.
 *
 * A condition wait's timeout is a step of its own between its wait and
 * its wake-up (rt_sched_cond_timeout): a read of the condition, which a
 * signal writes, so that the explorer runs it both before and after
 * another thread's signal; it needs no mutex.  Run while no signal is
 * for the thread, it times out: the thread leaves the condition's
 * waiters (a later signal wakes another), and its wake-up returns
 * ETIMEDOUT once the mutex is free.  Run after a signal it could take,
 * it does nothing and the wake-up takes it.
 */
#include "config.h"

#include "runtime/rt-sched-private.h"

#define RT_DEADLINE_MAX_S 10000000000ull         /* seconds: year 2286 */
#define RT_TIMEOUT_MAX_NS 315576000000000000ull  /* ten years */

/* @abstime on @clock as the virtual clock's time (CLOCK_REALTIME's) */
static uint64_t
deadline_ns (clockid_t clock, const struct timespec *abstime)
{
  if (abstime == NULL || abstime->tv_sec < 0)
    return 0;
  uint64_t s = (uint64_t) abstime->tv_sec;
  uint64_t ns = (s < RT_DEADLINE_MAX_S ? s : RT_DEADLINE_MAX_S) * 1000000000u
                + (uint64_t) (abstime->tv_nsec > 0 ? abstime->tv_nsec % 1000000000 : 0);
  return rt_clock_is_realtime (clock) ? ns : ns + RT_CLOCK_MONO_SHIFT_NS;
}

/* How long the calling thread waits until @abstime on @clock, as far as
 * it knows the clock: 0 if the deadline passed. */
static uint64_t
time_to (clockid_t clock, const struct timespec *abstime)
{
  uint32_t me = rt_self.tid;
  uint64_t seen = me < RT_MAXT && rt_sth[me].clock_seen != 0 ? rt_sth[me].clock_seen
                                                              : RT_CLOCK_BASE_NS;
  uint64_t d = deadline_ns (clock, abstime);
  uint64_t ns = d > seen ? d - seen : 0;
  return ns < RT_TIMEOUT_MAX_NS ? ns : RT_TIMEOUT_MAX_NS;
}

void
rt_sched_timed_out_at (clockid_t clock, const struct timespec *abstime, uintptr_t ra)
{
  if (!rt_sched_is_on ())
    return;
  uint64_t ns = time_to (clock, abstime);
  if (ns != 0)
    rt_sched_timed_out (ns, ra);
}

void
rt_sched_timeout_owed (clockid_t clock, const struct timespec *abstime, uintptr_t ra)
{
  uint32_t me = rt_self.tid;
  if (!rt_sched_is_on () || me >= RT_MAXT)
    return;
  rt_sth[me].owed_ns = time_to (clock, abstime);
  rt_sth[me].owed_ra = ra;
}

void
rt_sched_pay_timeout (void)
{
  uint32_t me = rt_self.tid;
  if (me >= RT_MAXT || rt_sth[me].owed_ns == 0)
    return;
  uint64_t ns = rt_sth[me].owed_ns;
  rt_sth[me].owed_ns = 0;
  rt_sched_timed_out (ns, rt_sth[me].owed_ra);
}

int
rt_sched_cond_timeout (uint64_t cond, clockid_t clock, const struct timespec *abstime, uintptr_t ra)
{
  /* a read of the condition, which its signals write: the explorer runs
   * it before a signal (the wait timed out first, the signal goes to
   * another waiter) and after it; and a write of the clock */
  uint32_t me = rt_self.tid;
  AugurSchedStep s;
  rt_sched_make_step (&s, AUGUR_SOP_READ, AUGUR_EV_TIME, cond, 1, ra);
  s.flags |= AUGUR_SF_ATOMIC;
  s.xflags |= AUGUR_SXF_CLOCK_JUMP;
  rt_sched_point (&s, 0);
  RtSThread *t = &rt_sth[me];
  if (t->signalled || rt_sched_cond_woken (me))
    return 0;   /* woken first: its wake-up takes the signal */
  uint64_t ns = time_to (clock, abstime);
  rt_sched_clock_waited (ns);
  AugurSchedStep *done = rt_sched_my_step ();
  if (done != NULL)
    done->arg = ns;   /* for the report: how long it waited */
  /* no longer among the condition's waiters: no signal is for it */
  t->wait_cond = 0;
  t->wait_timed_out = 1;
  return 1;
}

void
rt_sched_clock_inherit (uint32_t child, uint32_t parent)
{
  if (child < RT_MAXT && parent < RT_MAXT)
    rt_sth[child].clock_seen = rt_sth[parent].clock_seen;
}
