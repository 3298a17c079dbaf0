/* SPDX-License-Identifier: GPL-3.0-or-later
 * main passes the address of its local `total` to a worker and writes it
 * before joining: the stack variable escapes and main's write races with
 * the worker's.  The local `unused` never escapes. */
#include <pthread.h>

static void *
worker (void *arg)
{
  int *total = arg;
  *total += 1;
  return NULL;
}

int
main (void)
{
  pthread_t t;
  int total = 0;
  int unused = 0;
  pthread_create (&t, NULL, worker, &total);
  total = 5;
  unused = total;
  pthread_join (t, NULL);
  return unused;
}
