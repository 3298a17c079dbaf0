/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sched-condsig.c — which waiter a pthread_cond_signal wakes.
 *
 * POSIX lets a signal wake any thread blocked on the condition variable
 * when it is sent, not the oldest one: a program may deadlock only when it
 * wakes the other waiter (two threads waiting on one condition for
 * different things).  So the choice is left to the schedule: a signal that
 * finds a waiter it can wake leaves a pending signal on the condition, and
 * every thread that waited on it before the signal is a candidate.  The
 * first candidate whose wake-up step runs takes it; the others stay
 * blocked (the wake-ups are dependent steps, on the condition and its
 * mutex, so DPOR tries each candidate first).  A thread that began to wait
 * after the signal is no candidate.
 *
 * The pending signals of a condition, oldest first, have nested candidate
 * sets (a later signal's holds every waiter of an earlier one still
 * blocked), so a waker takes the oldest signal it is a candidate for, and
 * a signal wakes someone when the condition has more blocked waiters than
 * pending signals.  A broadcast wakes every waiter at once (signalled):
 * a candidate of a pending signal by that signal.  A timed waiter that
 * timed out (its timeout step ran while no signal was for it:
 * rt-sched-deadline.c) waits no more: a signal sent later is not for it.
 * The table is
 * execution-private memory: each execution starts from a fresh fork or a
 * restored snapshot.
 */
#include "config.h"

#include "runtime/rt-sched-private.h"

#include <string.h>

typedef struct {
  uint64_t cond;
  uint64_t seq;       /* after the waits of its candidates (wait_seq) */
  uint32_t waker;     /* the signal's step + 1 */
} RtCondSig;

/* at most one per blocked waiter */
static RtCondSig sigs[RT_MAXT];
static uint32_t n_sigs;

static int
blocked_on (uint32_t t, uint64_t cond)
{
  return rt_sth[t].state == AUGUR_STH_ENABLED && rt_sth[t].wait_cond == cond && !rt_sth[t].signalled;
}

static void
drop (uint32_t i)
{
  memmove (&sigs[i], &sigs[i + 1], (n_sigs - i - 1) * sizeof sigs[0]);
  n_sigs--;
}

/* the oldest pending signal thread t is a candidate for, or n_sigs */
static uint32_t
oldest_for (uint32_t t)
{
  if (t >= RT_MAXT || rt_sth[t].wait_cond == 0 || rt_sth[t].signalled)
    return n_sigs;
  uint32_t i = 0;
  while (i < n_sigs && (sigs[i].cond != rt_sth[t].wait_cond || sigs[i].seq < rt_sth[t].wait_seq))
    i++;
  return i;
}

/* The thread blocked longest among the candidates of pending signal i,
 * or RT_NONE. */
static uint32_t
oldest_candidate (uint32_t i)
{
  uint32_t best = RT_NONE;
  for (uint32_t t = 0; t < rt_sched_n_threads; t++)
    if (blocked_on (t, sigs[i].cond) && rt_sth[t].wait_seq < sigs[i].seq
        && (best == RT_NONE || rt_sth[t].wait_seq < rt_sth[best].wait_seq))
      best = t;
  return best;
}

/* A broadcast: each pending signal of @cond, oldest first, goes to its
 * oldest candidate (any would do: it could take the signal before the
 * broadcast, and its wake-up is ordered after that signal only); the
 * broadcast wakes the others.  How many of those. */
static int
broadcast (uint64_t cond, uint32_t waker)
{
  for (uint32_t i = 0; i < n_sigs;)
    {
      if (sigs[i].cond != cond)
        {
          i++;
          continue;
        }
      uint32_t best = oldest_candidate (i);
      if (best != RT_NONE)
        {
          rt_sth[best].signalled = 1;
          rt_sth[best].waker = sigs[i].waker;
        }
      drop (i);
    }
  int woken = 0;
  for (uint32_t t = 0; t < rt_sched_n_threads; t++)
    if (blocked_on (t, cond))
      {
        rt_sth[t].signalled = 1;
        rt_sth[t].waker = waker;
        woken++;
      }
  return woken;
}

int
rt_sched_cond_signal (uint64_t cond, uint64_t seq, uint32_t waker, int all)
{
  if (all)
    return broadcast (cond, waker);
  uint32_t waiters = 0, pending = 0;
  uint64_t oldest = UINT64_MAX;
  for (uint32_t t = 0; t < rt_sched_n_threads; t++)
    if (blocked_on (t, cond))
      {
        waiters++;
        oldest = rt_sth[t].wait_seq < oldest ? rt_sth[t].wait_seq : oldest;
      }
  /* a pending signal none of whose candidates waits any more (none can
   * take it) counts no longer */
  for (uint32_t i = 0; i < n_sigs;)
    if (sigs[i].cond == cond && sigs[i].seq < oldest)
      drop (i);
    else
      pending += sigs[i++].cond == cond;
  if (waiters <= pending || n_sigs >= RT_MAXT)
    return 0;
  sigs[n_sigs++] = (RtCondSig) { .cond = cond, .seq = seq, .waker = waker };
  return 1;
}

int
rt_sched_cond_woken (uint32_t t)
{
  return rt_sth[t].signalled || oldest_for (t) < n_sigs;
}

uint32_t
rt_sched_cond_waker (uint32_t t)
{
  if (rt_sth[t].signalled)
    return rt_sth[t].waker;
  uint32_t i = oldest_for (t);
  return i < n_sigs ? sigs[i].waker : 0;
}

void
rt_sched_cond_take (uint32_t t)
{
  uint32_t i = oldest_for (t);
  if (i < n_sigs)
    {
      rt_sth[t].signalled = 1;
      rt_sth[t].waker = sigs[i].waker;
      drop (i);
    }
}

int
rt_sched_cond_not_first (uint32_t t)
{
  if (n_sigs == 0 || t >= RT_MAXT || rt_sth[t].signalled)
    return 0;
  uint32_t i = oldest_for (t);
  if (i >= n_sigs)
    return 0;
  uint32_t first = oldest_candidate (i);
  return first != RT_NONE && first != t;
}
