/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * main registers an exit handler, then leaves by pthread_exit: libc runs
 * the handler when the last thread ends, after the scheduler stopped.
 * The execution server has no such end: that execution and the later
 * ones run forked, and the results are those of real threads.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

static int counter;

static void
check (void)
{
  assert (counter == 2);
}

static void *
worker (void *arg)
{
  (void) arg;
  int v = counter;
  counter = v + 1;
  return NULL;
}

int
main (void)
{
  atexit (check);
  pthread_t t[2];
  for (int k = 0; k < 2; k++)
    pthread_create (&t[k], NULL, worker, NULL);
  pthread_exit (NULL);
}
