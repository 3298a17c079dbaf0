/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * exit_holding — a worker returns with the mutex still locked (an early
 * return that skips the unlock); main then waits for the mutex for ever.
 * The deadlock must say the holder exited holding it
 * (test-lock-misuse.sh).
 */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int stop = 1;

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  if (stop)
    return NULL;   /* the unlock skipped */
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_join (t, NULL);
  pthread_mutex_lock (&m);   /* [deadlock] */
  pthread_mutex_unlock (&m);
  return 0;
}
