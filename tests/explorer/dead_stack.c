/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A worker hands main the address of a buffer on its own stack and ends
 * with pthread_exit; main, after the join, reads the buffer: the worker's
 * locals ended with it (misuse:dead-stack, test-explore.sh).
 */
#include <pthread.h>
#include <stdio.h>

static int *volatile result;

static void *
worker (void *arg)
{
  int sums[4];
  for (int i = 0; i < 4; i++)
    sums[i] = i * (int) (long) arg;
  result = sums;
  pthread_exit (NULL);
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, (void *) 3L);
  pthread_join (t, NULL);
  printf ("%d\n", result[2]);
  return 0;
}
