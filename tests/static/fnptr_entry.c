/* SPDX-License-Identifier: GPL-3.0-or-later
 * Thread entry points taken from a table of function pointers: Eva resolves
 * them.  The producer writes `stock`, the consumer reads it, no lock. */
#include <pthread.h>

static int stock;

static void *
producer (void *arg)
{
  stock = 1;
  return NULL;
}

static void *
consumer (void *arg)
{
  return (void *) (long) stock;
}

static void *(*const roles[2]) (void *) = { producer, consumer };

int
main (void)
{
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, roles[i], NULL);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  return 0;
}
