/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * pool_double_unlock_ok — the fix of pool_double_unlock: the worker
 * unlocks once on its way out of the loop.
 */
#include <pthread.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t notify = PTHREAD_COND_INITIALIZER;
static int shutdown_now;
static int jobs;

static void *
worker (void *unused)
{
  for (;;)
    {
      pthread_mutex_lock (&lock);
      while (jobs == 0 && !shutdown_now)
        pthread_cond_wait (&notify, &lock);
      if (shutdown_now)
        {
          pthread_mutex_unlock (&lock);
          break;
        }
      jobs--;
      pthread_mutex_unlock (&lock);
    }
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_mutex_lock (&lock);
  jobs = 1;
  pthread_cond_signal (&notify);
  pthread_mutex_unlock (&lock);
  pthread_mutex_lock (&lock);
  shutdown_now = 1;
  pthread_cond_broadcast (&notify);
  pthread_mutex_unlock (&lock);
  pthread_join (t, NULL);
  return 0;
}
