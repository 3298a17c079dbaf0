/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The lost update is only checked by a destructor function, which runs at
 * exit: a program with destructors of its own is explored the forked way
 * from the start, and the assertion fails there as with real threads.
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
  for (int k = 0; k < 2; k++)
    pthread_join (t[k], NULL);
  return 0;
}
