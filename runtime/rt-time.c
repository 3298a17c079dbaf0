/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-time.c — time and sleep intercepts.
 *
 * Under the explorer's scheduler (rt-sched.c) time is virtual: every
 * execution sees the same clock, so that a schedule replays the same way,
 * and a program that sleeps or polls does not spend real time.  A time
 * function (time, gettimeofday, clock_gettime, clock) is a step that reads
 * the clock; a sleep (sleep, usleep, nanosleep, clock_nanosleep,
 * sched_yield, pthread_yield, thrd_sleep, thrd_yield, and select or poll
 * with nothing to wait for) is a YIELD step and returns at once, the clock
 * then as much later as it asked to sleep (rt_sched_sleep); poll and
 * select on the program's own pipes are rt-fdio.c's.  The
 * clock moves on only when nothing else can run (rt-sched-await.c), or
 * when a wait with a timeout timed out (here a poll or select the kernel
 * made for descriptors augur does not model): by its timeout.
 *
 * When recording (augur record), time is the kernel's and sleeps are real
 * but cut to at most AUGUR_SLEEP_MAX_MS milliseconds (default 10): any
 * timing is a possible execution, and a program that sleeps for minutes
 * would otherwise outlast the recording's watchdog.  Each call is a TIME
 * or SLEEP event, so that a recorded run lines up with the explorer's
 * steps when a prediction is replayed.  Without augur, every function is
 * libc's.
 */
#include "config.h"

#include "common/augur-sched-format.h"
#include "runtime/rt-internal.h"
#include "runtime/rt-sched.h"

#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/select.h>
#include <sys/time.h>
#include <threads.h>
#include <time.h>

RT_DEFINE_REAL (time, NULL)
RT_DEFINE_REAL (gettimeofday, NULL)
RT_DEFINE_REAL (clock_gettime, NULL)
RT_DEFINE_REAL (clock, NULL)
RT_DEFINE_REAL (nanosleep, NULL)
RT_DEFINE_REAL (clock_nanosleep, NULL)
RT_DEFINE_REAL (usleep, NULL)
RT_DEFINE_REAL (sleep, NULL)
RT_DEFINE_REAL (sched_yield, NULL)
RT_DEFINE_REAL (thrd_sleep, NULL)
RT_DEFINE_REAL (thrd_yield, NULL)
RT_DEFINE_REAL (poll, NULL)
RT_DEFINE_REAL (select, NULL)

/* ------------------------------------------------------------------ */
/* Recording: sleeps cut short, and the events */

static void
note (uint8_t kind, uintptr_t ra, uint64_t arg)
{
  if (rt_is_active () && rt_self.off_sync == 0 && !rt_sched_is_on ())
    rt_event (kind, 0, ra, 0, 0, arg);
}

static uint64_t
sleep_cap_ns (void)
{
  static uint64_t cap;
  if (cap == 0)
    {
      const char *env = rt_libc_getenv ("AUGUR_SLEEP_MAX_MS");
      uint64_t ms = env != NULL ? rt_libc_strtoul (env, NULL, 10) : 10;
      cap = ms * 1000000u + 1;
    }
  return cap - 1;
}

/* The real sleep of at most the cap: 1 if done (the caller returns 0). */
static int
capped_sleep (uint64_t ns)
{
  if (!rt_is_active ())
    return 0;
  uint64_t cap = sleep_cap_ns ();
  if (ns > cap)
    ns = cap;
  struct timespec ts = { (time_t) (ns / 1000000000u), (long) (ns % 1000000000u) };
  get_real_nanosleep () (&ts, NULL);
  return 1;
}

static uint64_t
ts_ns (const struct timespec *ts)
{
  if (ts == NULL || ts->tv_sec < 0)
    return 0;
  return (uint64_t) ts->tv_sec * 1000000000u + (uint64_t) ts->tv_nsec;
}

/* ------------------------------------------------------------------ */
/* Clocks */

RT_EXPORT time_t
time (time_t *out)
{
  uint64_t ns;
  if (!rt_sched_clock (&ns, RT_RA ()))
    {
      time_t t = get_real_time () (out);
      note (AUGUR_EV_TIME, RT_RA (), (uint64_t) t * 1000000000u);
      return t;
    }
  time_t t = (time_t) (ns / 1000000000u);
  if (out != NULL)
    *out = t;
  return t;
}

RT_EXPORT int
gettimeofday (struct timeval *restrict tv, void *restrict tz)
{
  uint64_t ns;
  if (!rt_sched_clock (&ns, RT_RA ()))
    {
      int r = get_real_gettimeofday () (tv, tz);
      struct timeval *t = tv;
      __asm__ ("" : "+r" (t));
      note (AUGUR_EV_TIME, RT_RA (), r == 0 && t != NULL ? rt_timeval_ns (t) : 0);
      return r;
    }
  struct timeval *out = tv;
  __asm__ ("" : "+r" (out));   /* glibc says nonnull; programs pass NULL anyway */
  if (out != NULL)
    {
      out->tv_sec = (time_t) (ns / 1000000000u);
      out->tv_usec = (suseconds_t) (ns % 1000000000u / 1000u);
    }
  return 0;
}

RT_EXPORT int
clock_gettime (clockid_t id, struct timespec *ts)
{
  uint64_t ns;
  if (!rt_sched_clock (&ns, RT_RA ()))
    {
      int r = get_real_clock_gettime () (id, ts);
      struct timespec *t = ts;
      __asm__ ("" : "+r" (t));
      note (AUGUR_EV_TIME, RT_RA (), r == 0 && t != NULL ? ts_ns (t) : 0);
      return r;
    }
  struct timespec *out = ts;
  __asm__ ("" : "+r" (out));
  if (out != NULL)
    {
      /* every clock is the one virtual clock (rt-sched.h) */
      if (!rt_clock_is_realtime (id))
        ns -= RT_CLOCK_MONO_SHIFT_NS;
      out->tv_sec = (time_t) (ns / 1000000000u);
      out->tv_nsec = (long) (ns % 1000000000u);
    }
  return 0;
}

RT_EXPORT clock_t
clock (void)
{
  uint64_t ns;
  if (!rt_sched_clock (&ns, RT_RA ()))
    {
      clock_t c = get_real_clock () ();
      note (AUGUR_EV_TIME, RT_RA (), (uint64_t) c * 1000u);
      return c;
    }
  return (clock_t) (ns % 1000000000000ull / 1000u);
}

/* ------------------------------------------------------------------ */
/* Sleeps */

RT_EXPORT int
nanosleep (const struct timespec *req, struct timespec *rem)
{
  if (rt_sched_sleep (ts_ns (req), RT_RA ()))
    {
      if (rem != NULL)
        rem->tv_sec = rem->tv_nsec = 0;
      return 0;
    }
  note (AUGUR_EV_SLEEP, RT_RA (), ts_ns (req));
  if (req != NULL && capped_sleep (ts_ns (req)))
    {
      if (rem != NULL)
        rem->tv_sec = rem->tv_nsec = 0;
      return 0;
    }
  return get_real_nanosleep () (req, rem);
}

RT_EXPORT int
clock_nanosleep (clockid_t id, int flags, const struct timespec *req, struct timespec *rem)
{
  if (flags & TIMER_ABSTIME ? rt_sched_yield (RT_RA ()) : rt_sched_sleep (ts_ns (req), RT_RA ()))
    return 0;
  note (AUGUR_EV_SLEEP, RT_RA (), ts_ns (req));
  if (req != NULL && !(flags & TIMER_ABSTIME) && capped_sleep (ts_ns (req)))
    return 0;
  return get_real_clock_nanosleep () (id, flags, req, rem);
}

RT_EXPORT int
usleep (useconds_t us)
{
  if (rt_sched_sleep ((uint64_t) us * 1000u, RT_RA ()))
    return 0;
  note (AUGUR_EV_SLEEP, RT_RA (), (uint64_t) us * 1000u);
  if (capped_sleep ((uint64_t) us * 1000u))
    return 0;
  return get_real_usleep () (us);
}

RT_EXPORT unsigned int
sleep (unsigned int s)
{
  if (rt_sched_sleep ((uint64_t) s * 1000000000u, RT_RA ()))
    return 0;
  note (AUGUR_EV_SLEEP, RT_RA (), (uint64_t) s * 1000000000u);
  if (capped_sleep ((uint64_t) s * 1000000000u))
    return 0;
  return get_real_sleep () (s);
}

RT_EXPORT int
sched_yield (void)
{
  if (rt_sched_yield (RT_RA ()))
    return 0;
  note (AUGUR_EV_SLEEP, RT_RA (), 0);
  return get_real_sched_yield () ();
}

RT_EXPORT int
pthread_yield (void)
{
  if (rt_sched_yield (RT_RA ()))
    return 0;
  note (AUGUR_EV_SLEEP, RT_RA (), 0);
  return get_real_sched_yield () ();
}

RT_EXPORT int
thrd_sleep (const struct timespec *req, struct timespec *rem)
{
  if (rt_sched_sleep (ts_ns (req), RT_RA ()))
    return 0;
  note (AUGUR_EV_SLEEP, RT_RA (), ts_ns (req));
  if (req != NULL && capped_sleep (ts_ns (req)))
    return 0;
  return get_real_thrd_sleep () (req, rem);
}

RT_EXPORT void
thrd_yield (void)
{
  if (rt_sched_yield (RT_RA ()))
    return;
  note (AUGUR_EV_SLEEP, RT_RA (), 0);
  get_real_thrd_yield () ();
}

/* A kernel wait (for descriptors augur does not model) timed out: the
 * virtual clock moves on by its timeout, as rt-fdio.c's waits do. */
static void
timed_out (uint64_t ns, uintptr_t ra)
{
  int saved_errno = errno;
  rt_sched_timed_out (ns, ra);
  errno = saved_errno;
}

/* poll and select with nothing to wait for are sleeps. */
RT_EXPORT int
poll (struct pollfd *fds, nfds_t n, int timeout)
{
  if (n == 0)
    {
      if (rt_sched_sleep (timeout > 0 ? (uint64_t) timeout * 1000000u : 0, RT_RA ()))
        return 0;
      note (AUGUR_EV_SLEEP, RT_RA (), timeout >= 0 ? (uint64_t) timeout * 1000000u : 0);
      if (timeout >= 0 && capped_sleep ((uint64_t) timeout * 1000000u))
        return 0;
    }
  int r;
  if (rt_fdio_poll (fds, n, timeout, RT_RA (), &r))
    return r;
  /* descriptors augur does not model: the page says it waits for them */
  if (timeout != 0)
    rt_sched_kernel_wait (AUGUR_KERNEL_WAIT_POLL, RT_RA ());
  r = get_real_poll () (fds, n, timeout);
  if (timeout != 0)
    rt_sched_kernel_wait (AUGUR_KERNEL_WAIT_NONE, RT_RA ());
  if (r == 0 && timeout > 0)
    timed_out ((uint64_t) timeout * 1000000u, RT_RA ());
  return r;
}

RT_EXPORT int
select (int n, fd_set *restrict r, fd_set *restrict w, fd_set *restrict e,
        struct timeval *restrict tv)
{
  if (n == 0 || (r == NULL && w == NULL && e == NULL))
    {
      if (rt_sched_sleep (tv != NULL && tv->tv_sec >= 0 ? rt_timeval_ns (tv) : 0, RT_RA ()))
        return 0;
      note (AUGUR_EV_SLEEP, RT_RA (), tv != NULL ? rt_timeval_ns (tv) : 0);
      if (tv != NULL
          && capped_sleep (rt_timeval_ns (tv)))
        return 0;
    }
  int result;
  if (rt_fdio_select (n, r, w, e, tv, RT_RA (), &result))
    return result;
  int waits = tv == NULL || tv->tv_sec != 0 || tv->tv_usec != 0;
  if (waits)
    rt_sched_kernel_wait (AUGUR_KERNEL_WAIT_SELECT, RT_RA ());
  result = get_real_select () (n, r, w, e, tv);
  if (waits)
    rt_sched_kernel_wait (AUGUR_KERNEL_WAIT_NONE, RT_RA ());
  if (result == 0 && tv != NULL && waits && tv->tv_sec >= 0)
    timed_out (rt_timeval_ns (tv), RT_RA ());
  return result;
}
