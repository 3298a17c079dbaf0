/* SPDX-License-Identifier: GPL-3.0-or-later
 * Four workers created in a loop (one thread context standing for all of
 * them) increment a counter under a mutex: the lock is still known to be
 * held, so the increment is lock-protected, not a candidate. */
#include <pthread.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int counter;

static void *
worker (void *arg)
{
  pthread_mutex_lock (&lock);
  counter++;
  pthread_mutex_unlock (&lock);
  return NULL;
}

int
main (void)
{
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  return counter;
}
