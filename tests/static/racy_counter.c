/* SPDX-License-Identifier: GPL-3.0-or-later
 * Two workers increment a counter without a lock: the increment races with
 * itself; main's read after the joins does not. */
#include <pthread.h>
#include <stdio.h>

static int counter;

static void *
worker (void *arg)
{
  counter++;
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
  printf ("%d\n", counter);
  return 0;
}
