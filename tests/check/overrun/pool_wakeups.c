/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A pool of two workers that sleep on one condition variable until main
 * hands them a batch (a `go` flag per worker, set without the lock, then
 * one broadcast), take items by an atomic counter, and report done under
 * the lock; main waits for both, twice.  Correct as long as every wait
 * returns because of the broadcast; a spurious wake-up, which POSIX
 * allows, lets a worker see `go` before main has set up the batch.
 * Spurious wake-ups multiply the interleavings many times over: augur
 * check searches those without them to the end on their own.
 */
#include <pthread.h>

#define WORKERS 2
#define ITEMS 3

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t start = PTHREAD_COND_INITIALIZER, finished = PTHREAD_COND_INITIALIZER;
static int go[WORKERS], pending, quit;
static long next_item, n_items;
static int done[ITEMS];

static void *
worker (void *arg)
{
  int me = (int) (long) arg;
  for (;;)
    {
      pthread_mutex_lock (&m);
      while (!go[me] && !quit)
        pthread_cond_wait (&start, &m);
      int stop = quit;
      go[me] = 0;
      pthread_mutex_unlock (&m);
      if (stop)
        return NULL;
      long i;
      while ((i = __atomic_fetch_add (&next_item, 1, __ATOMIC_RELAXED)) < n_items)
        __atomic_fetch_add (&done[i], 1, __ATOMIC_RELAXED);
      pthread_mutex_lock (&m);
      if (--pending == 0)
        pthread_cond_signal (&finished);
      pthread_mutex_unlock (&m);
    }
}

int
main (void)
{
  pthread_t t[WORKERS];
  for (long k = 0; k < WORKERS; k++)
    pthread_create (&t[k], NULL, worker, (void *) k);
  next_item = 0;
  n_items = ITEMS;
  pending = WORKERS;
  for (int k = 0; k < WORKERS; k++)
    go[k] = 1;
  pthread_mutex_lock (&m);
  pthread_cond_broadcast (&start);
  while (pending > 0)
    pthread_cond_wait (&finished, &m);
  quit = 1;
  pthread_cond_broadcast (&start);
  pthread_mutex_unlock (&m);
  for (int k = 0; k < WORKERS; k++)
    pthread_join (t[k], NULL);
  return 0;
}
