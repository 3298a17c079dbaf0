/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * hang_lost_wakeup — hangs natively in (nearly) every run: main signals
 * the condition variable as soon as the worker exists, without a
 * predicate, and the worker sleeps a little before it waits, so the
 * signal is lost and the worker (and main, joining it) wait for ever.
 * The recorded run is killed by the watchdog; the explorer must find the
 * lost wake-up.
 */
#include <pthread.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake = PTHREAD_COND_INITIALIZER;

static void *
worker (void *arg)
{
  (void) arg;
  usleep (100000);   /* long enough that main signals first on a loaded machine */
  pthread_mutex_lock (&lock);
  pthread_cond_wait (&wake, &lock);
  pthread_mutex_unlock (&lock);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_mutex_lock (&lock);
  pthread_cond_signal (&wake);
  pthread_mutex_unlock (&lock);
  pthread_join (t, NULL);
  return 0;
}
