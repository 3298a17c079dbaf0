/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A destructor function checks the lost update, but main leaves by
 * pthread_exit: libc runs the destructors when the last thread ends,
 * after the scheduler stopped, which the execution server has no process
 * end for: that execution runs forked, and the assertion is found there.
 */
#include <assert.h>
#include <pthread.h>

static int counter;

__attribute__ ((destructor)) static void
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
  pthread_t t[2];
  for (int k = 0; k < 2; k++)
    pthread_create (&t[k], NULL, worker, NULL);
  pthread_exit (NULL);
}
