/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * pool_double_unlock — a pool's worker leaves its loop when it sees the
 * shutdown flag, and unlocks the pool's mutex on the way out; but when the
 * shutdown comes while it waits for work, it unlocks once in the loop and
 * once more after it (a known bug of a public pool: the unlock of an
 * unlocked mutex, which TSan and Helgrind report).  Only a shutdown that
 * races with the worker's wait takes that path.
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
  pthread_mutex_unlock (&lock);                 /* [misuse:double-unlock] */
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
