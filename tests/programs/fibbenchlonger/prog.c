/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * fibbenchlonger — modelled on the fib_bench_longer program of the SV-COMP
 * pthread set used in ConcBugAssist's evaluation (its Table 1: 3 threads,
 * an order violation): fibbench with more rounds.  Two threads repeatedly
 * do i += j and j += i on shared variables without synchronisation; only a
 * strict alternation of the two threads over all their rounds drives the
 * values to the Fibonacci number that the final check forbids, so the
 * failing schedule needs more context switches than fibbench's.
 */
#include <assert.h>
#include <pthread.h>

#define NUM 4

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
  /* fib(2*NUM + 2) = 55 is reached only by strict alternation */
  assert (i < 55 && j < 55);                    /* [assertion] */
  return 0;
}
