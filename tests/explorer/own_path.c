/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A program that fails on its own path: it always aborts at the end.  Its
 * race is real, but the abort does not come from it: confirmation must not
 * call the race harmful because the abort follows it.
 */
#include <pthread.h>
#include <stdlib.h>

static int hits;

static void *
worker (void *arg)
{
  (void) arg;
  hits++;
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, worker, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  abort ();
}
