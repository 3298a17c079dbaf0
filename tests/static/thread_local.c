/* SPDX-License-Identifier: GPL-3.0-or-later
 * Each worker sums into its own stack variable and its own __thread
 * counter: nothing is shared, no pair is a candidate. */
#include <pthread.h>
#include <stdio.h>

static __thread int calls;

static void *
worker (void *arg)
{
  int sum = 0;
  for (int i = 0; i < 10; i++)
    sum += i;
  calls++;
  return (void *) (long) sum;
}

int
main (void)
{
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  return 0;
}
