/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sched-alarm.c — the process's real-time timer under the controlled
 * scheduler.  alarm, and setitimer and getitimer of ITIMER_REAL, arm a
 * virtual timer on the virtual clock (rt-sched-await.c) and answer as
 * the kernel does (alarm's seconds left, rounded; 0 cancels; the
 * interval of a periodic timer).  The kernel would send SIGALRM at the
 * deadline, at a moment the explorer does not choose; augur sends it
 * when nothing else can happen: when every thread waits (where the clock
 * would jump otherwise, rt_sched_await_clock_jump), the clock moves on
 * to the deadline and SIGALRM goes to the process as a kill to itself
 * does (rt_sched_signal_timer: its handler runs as the taking thread's
 * steps, and the wait goes on after it, as with SA_RESTART).  A timer
 * that fires while threads still run is not explored.  Outside the
 * scheduler (a recorded run), the real calls.
 */
#include "config.h"

#include "runtime/rt-sched-private.h"

#include <errno.h>
#include <signal.h>
#include <sys/time.h>
#include <unistd.h>

#define RT_NS 1000000000ull
#define RT_MAX_FIRES 64u   /* firings of the timer per execution */

static uint64_t deadline;   /* on the virtual clock; 0: disarmed */
static uint64_t period;     /* a periodic timer's interval; 0: one-shot */
static uint32_t fires;

void
rt_sched_alarm_reset (void)
{
  deadline = period = 0;
  fires = 0;
}

/* What is left of the timer: 0 if disarmed; a due timer has 1 ns left,
 * as it fires at the next wait. */
static uint64_t
left (void)
{
  if (deadline == 0)
    return 0;
  uint64_t now = rt_sched_clock_now ();
  return deadline > now ? deadline - now : 1;
}

static void
arm (uint64_t value, uint64_t interval)
{
  /* the program's own timer: its SIGALRM is no signal from outside */
  rt_sched_signal_own (SIGALRM);
  deadline = value != 0 ? rt_sched_clock_now () + value : 0;
  period = value != 0 ? interval : 0;
}

static void
tv_of (uint64_t ns, struct timeval *tv)
{
  /* a timer with less than a microsecond left still says one, as Linux */
  uint64_t us = (ns + 999u) / 1000u;
  tv->tv_sec = (time_t) (us / 1000000u);
  tv->tv_usec = (suseconds_t) (us % 1000000u);
}

int
rt_sched_alarm_fire (void)
{
  if (deadline == 0 || fires >= RT_MAX_FIRES || !rt_sched_signal_timer (SIGALRM))
    return 0;
  fires++;
  rt_sched_clock_move_to (deadline);
  deadline = period != 0 ? deadline + period : 0;
  return 1;
}

RT_DEFINE_REAL (alarm, NULL)
RT_DEFINE_REAL (setitimer, NULL)
RT_DEFINE_REAL (getitimer, NULL)

RT_EXPORT unsigned int
alarm (unsigned int seconds)
{
  if (!rt_sched_is_on ())
    return get_real_alarm () (seconds);
  uint64_t l = left ();
  arm ((uint64_t) seconds * RT_NS, 0);
  /* Linux rounds to the nearest second, and says 1 for less than half a
   * second left */
  unsigned int r = (unsigned int) ((l + RT_NS / 2) / RT_NS);
  return r == 0 && l != 0 ? 1 : r;
}

RT_EXPORT int
getitimer (__itimer_which_t which, struct itimerval *cur)
{
  if (!rt_sched_is_on () || which != ITIMER_REAL)
    return get_real_getitimer () (which, cur);
  if (cur == NULL)
    {
      errno = EFAULT;
      return -1;
    }
  tv_of (left (), &cur->it_value);
  tv_of (period, &cur->it_interval);
  return 0;
}

RT_EXPORT int
setitimer (__itimer_which_t which, const struct itimerval *nv, struct itimerval *old)
{
  if (!rt_sched_is_on () || which != ITIMER_REAL)
    return get_real_setitimer () (which, nv, old);
  if (nv == NULL || nv->it_value.tv_usec < 0 || nv->it_value.tv_usec >= 1000000
      || nv->it_interval.tv_usec < 0 || nv->it_interval.tv_usec >= 1000000
      || nv->it_value.tv_sec < 0 || nv->it_interval.tv_sec < 0)
    {
      errno = nv == NULL ? EFAULT : EINVAL;
      return -1;
    }
  if (old != NULL)
    getitimer (ITIMER_REAL, old);
  arm (rt_timeval_ns (&nv->it_value), rt_timeval_ns (&nv->it_interval));
  return 0;
}
