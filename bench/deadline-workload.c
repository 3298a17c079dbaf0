/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * deadline-workload.c — a thread pool whose findings carry long schedules
 * (bench/deadline-bench.sh): main queues TASKS tasks to WORKERS workers
 * through one mutex and a condition variable, then shuts the pool down and
 * unlocks the mutex once too often.  Every execution is 100,000s of steps,
 * so what follows the search (writing, naming, reporting the findings)
 * is large, as on a real thread pool. */
#include <pthread.h>
#include <stdlib.h>

#define WORKERS 4
#define TASKS 8192
#define QUEUE 256

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t notify = PTHREAD_COND_INITIALIZER;
static struct { int value; } queue[QUEUE];
static int head, tail, count, shutdown_now, done;

static void *
worker (void *arg)
{
  (void) arg;
  for (;;)
    {
      pthread_mutex_lock (&lock);
      while (count == 0 && !shutdown_now)
        pthread_cond_wait (&notify, &lock);
      if (count == 0 && shutdown_now)
        break;
      int v = queue[head].value;
      head = (head + 1) % QUEUE;
      count--;
      done += v > 0;
      pthread_mutex_unlock (&lock);
    }
  pthread_mutex_unlock (&lock);
  return NULL;
}

int
main (void)
{
  pthread_t t[WORKERS];
  for (int i = 0; i < WORKERS; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < TASKS; i++)
    {
      pthread_mutex_lock (&lock);
      if (count < QUEUE)
        {
          queue[tail].value = i + 1;
          tail = (tail + 1) % QUEUE;
          count++;
          pthread_cond_signal (&notify);
        }
      pthread_mutex_unlock (&lock);
    }
  pthread_mutex_lock (&lock);
  shutdown_now = 1;
  pthread_cond_broadcast (&notify);
  pthread_mutex_unlock (&lock);
  for (int i = 0; i < WORKERS; i++)
    pthread_join (t[i], NULL);
  pthread_mutex_unlock (&lock);   /* the bug: nobody holds it */
  return done == 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}
