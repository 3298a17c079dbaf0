/* SPDX-License-Identifier: GPL-3.0-or-later
 * One thread exits still holding the mutex; another thread at the same
 * nesting writes the same variable without locking.  The harness's lock
 * word still says "held at this depth" when the second thread runs: the
 * lock must not count as held there, and the writes stay a candidate. */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x;

static void *
leaker (void *arg)
{
  pthread_mutex_lock (&m);
  x = 1;
  return NULL;
}

static void *
other (void *arg)
{
  x = 2;
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, leaker, NULL);
  pthread_create (&b, NULL, other, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return x;
}
