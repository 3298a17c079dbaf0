/* SPDX-License-Identifier: GPL-3.0-or-later
 * The driver for the augur-cc tests: two threads add to the counter. */
#include <pthread.h>
#include <stdio.h>
#include "counter.h"

static void *
adder (void *arg)
{
  for (int i = 0; i < 3; i++)
    counter_add ((long) arg);
  return NULL;
}

int
main (void)
{
  pthread_t t[2];
  for (long i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, adder, (void *) (i + 1));
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  printf ("%ld\n", counter_get ());
  return counter_get () == 9 ? 0 : 1;
}
