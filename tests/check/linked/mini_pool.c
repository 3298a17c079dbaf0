/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mini_pool — mbrossard/threadpool with its `count -= 1` moved out of
 * the lock (survey 31's seed tp6): a lost update lets a worker take a
 * task from an empty slot and call a null function.  Both workers may
 * crash at the same line in one execution; the crash a finding names is
 * the one its schedule's replay shows (the first), whatever failed after
 * it (test-check.sh).
 */
#include <pthread.h>
#include <stddef.h>

typedef struct { void (*fn) (void *); void *arg; } Task;
static Task queue[4];
static int head, tail, count, shutdown_;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t notify = PTHREAD_COND_INITIALIZER;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int done;

static void job (void *arg) { (void) arg; pthread_mutex_lock (&m); done++; pthread_mutex_unlock (&m); }

static void *
worker (void *arg)
{
  for (;;)
    {
      pthread_mutex_lock (&lock);
      while (count == 0 && !shutdown_)
        pthread_cond_wait (&notify, &lock);
      if (shutdown_ && count == 0)
        break;
      Task t = queue[head];
      head = (head + 1) % 4;
      pthread_mutex_unlock (&lock);
      count -= 1;                     /* outside the lock */
      t.fn (t.arg);
    }
  pthread_mutex_unlock (&lock);
  return arg;
}

int
main (void)
{
  pthread_t w[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&w[i], NULL, worker, NULL);
  for (int i = 0; i < 3; i++)
    {
      pthread_mutex_lock (&lock);
      queue[tail] = (Task) { job, NULL };
      tail = (tail + 1) % 4;
      count += 1;
      pthread_cond_signal (&notify);
      pthread_mutex_unlock (&lock);
    }
  pthread_mutex_lock (&lock);
  shutdown_ = 1;
  pthread_cond_broadcast (&notify);
  pthread_mutex_unlock (&lock);
  for (int i = 0; i < 2; i++)
    pthread_join (w[i], NULL);
  return 0;
}
