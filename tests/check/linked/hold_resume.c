/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * hold_resume — C-Thread-Pool's pause and resume in small: the worker
 * sets `on_hold` and spins until it is cleared; main clears it once.  In
 * one order of the two writes the worker goes on, in the other it spins
 * for ever (a hang).  A race on `on_hold` re-executed in the harmless
 * order must not read as if no order failed: it names the hang that waits
 * for `on_hold` (test-check.sh).
 */
#include <pthread.h>
#include <sched.h>

static volatile int on_hold;

static void *
worker (void *arg)
{
  on_hold = 1;                        /* hold */
  while (on_hold)
    sched_yield ();
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  on_hold = 0;                        /* resume: lost if it comes first */
  pthread_join (t, NULL);
  return 0;
}
