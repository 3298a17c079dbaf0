/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The lost update is only checked at exit, by a handler main registers
 * with atexit(): the execution server runs it at the end of each
 * execution (runtime/rt-atexit.c), and the assertion fails in the handler
 * as it does with real threads.
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
  for (int k = 0; k < 2; k++)
    pthread_join (t[k], NULL);
  return 0;
}
