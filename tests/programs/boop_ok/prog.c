/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * boop_ok — the fix of boop: checking for a job and taking it happen in one
 * critical section, so the last job goes to exactly one worker.
 */
#include <assert.h>
#include <pthread.h>

static int jobs = 3;
static int done;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *
worker (void *unused)
{
  for (;;)
    {
      pthread_mutex_lock (&m);
      if (jobs <= 0)
        {
          pthread_mutex_unlock (&m);
          break;
        }
      jobs = jobs - 1;
      assert (jobs >= 0);
      done++;
      pthread_mutex_unlock (&m);
    }
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, worker, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (done == 3);
  return 0;
}
