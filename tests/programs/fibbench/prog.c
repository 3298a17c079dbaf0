/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * fibbench — modelled on the fibbench program of the SV-COMP pthread set used
 * in ConcBugAssist's evaluation: two threads repeatedly do i += j and j += i
 * on shared variables without synchronisation.  Sequentially (all of one
 * thread, then all of the other) the values stay small; only a tight
 * alternation of the two threads drives them to the Fibonacci number that the
 * final check forbids.
 */
#include <assert.h>
#include <pthread.h>

#define NUM 3

static int i = 1, j = 1;

static void *
t1 (void *unused)
{
  for (int k = 0; k < NUM; k++)
    i += j;                                     /* [data-race] */
  return NULL;
}

static void *
t2 (void *unused)
{
  for (int k = 0; k < NUM; k++)
    j += i;                                     /* [data-race] */
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, t1, NULL);
  pthread_create (&b, NULL, t2, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  /* fib(2*NUM + 2) = 21 is reached only by strict alternation */
  assert (i < 21 && j < 21);                    /* [assertion] */
  return 0;
}
