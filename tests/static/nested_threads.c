/* SPDX-License-Identifier: GPL-3.0-or-later
 * Each of two workers creates a child thread and hands it the address of
 * its local `handed`, then writes it: shared with the child, a candidate.
 * The worker's local `local` goes to a helper on the worker's own stack:
 * each worker has its own, nothing is shared.  (Without unrolled recursion
 * in Eva, the children's bodies would never be analysed.) */
#include <pthread.h>

static void
bump (int *p)
{
  *p += 1;
}

static void *
child (void *arg)
{
  bump (arg);
  return NULL;
}

static void *
worker (void *arg)
{
  int local = 0;
  bump (&local);
  int handed = 0;
  pthread_t c;
  pthread_create (&c, NULL, child, &handed);
  handed = 7;
  pthread_join (c, NULL);
  return (void *) (long) (local + handed);
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, worker, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
