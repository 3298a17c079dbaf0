/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * thread_loop — main creates and joins 20,000 threads one after the other,
 * each adding one to a counter: correct (every thread's add happens before
 * the next create).  It once recorded 20,001 threads and then printed
 * nothing until it was killed (the predictor's vector clocks: threads x
 * epochs, 24 GB).  Expected: no finding, within the budget; the analysis
 * may be incomplete (a run that creates more threads than the explorer
 * follows is cut, and says so), never clean by accident.
 */
#include <pthread.h>
#include <stdio.h>

#define N 20000

static long counter;

static void *
work (void *unused)
{
  counter++;
  return NULL;
}

int
main (void)
{
  for (int i = 0; i < N; i++)
    {
      pthread_t t;
      if (pthread_create (&t, NULL, work, NULL) != 0)
        return 1;
      pthread_join (t, NULL);
    }
  printf ("%ld\n", counter);
  return counter == N ? 0 : 1;
}
