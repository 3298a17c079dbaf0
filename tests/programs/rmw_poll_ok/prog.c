/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rmw_poll_ok — main polls a counter of finished workers until it reaches
 * the number it started, reading the counter with fetch_add (&done, 0):
 * the "atomic read" of code written before C11 atomics (a public
 * lock-free queue's tests and a public ring buffer read their counters
 * this way).  Correct: every worker adds its one, and the poll ends.
 *
 * The read is an atomic read-modify-write that leaves the value as it
 * was: a loop that makes it waits on the counter as on a load, and a
 * worker's increment must wake it.  Taken for a write, it left the loop
 * waiting on `wanted` alone, which nobody writes: a false hang.
 */
#include <pthread.h>
#include <sched.h>
#include <stdio.h>

static int done;
static int wanted = 2;

static void *
worker (void *unused)
{
  (void) unused;
  __sync_fetch_and_add (&done, 1);
  return NULL;
}

int
main (void)
{
  pthread_t w[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&w[i], NULL, worker, NULL);
  while (__sync_fetch_and_add (&done, 0) < wanted)
    sched_yield ();
  for (int i = 0; i < 2; i++)
    pthread_join (w[i], NULL);
  printf ("%d done\n", done);
  return 0;
}
