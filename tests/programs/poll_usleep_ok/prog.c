/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * poll_usleep_ok — a test driver of a thread pool polls for its tasks to
 * finish: it reads a counter under the lock and sleeps a millisecond
 * between looks, as many real test programs do.  Correct: the workers
 * count under the same lock.  A checker that runs the poll loop step by
 * step, or lets a millisecond sleep cost real time, calls it a hang.
 */
#include <assert.h>
#include <pthread.h>
#include <unistd.h>

#define TASKS 4

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int done;

static void *
worker (void *unused)
{
  for (int i = 0; i < TASKS / 2; i++)
    {
      pthread_mutex_lock (&lock);
      done++;
      pthread_mutex_unlock (&lock);
    }
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, worker, NULL);
  pthread_detach (a);
  pthread_detach (b);
  for (;;)
    {
      pthread_mutex_lock (&lock);
      int d = done;
      pthread_mutex_unlock (&lock);
      if (d == TASKS)
        break;
      usleep (1000);
    }
  assert (done == TASKS);
  return 0;
}
