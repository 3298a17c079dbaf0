/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cond_worker_stopped — a global stop flag meant for another pool stops
 * the only worker before it sees the job (C-Thread-Pool's issue #88):
 * main waits on `done_cv` for a signal that nothing sends.  The deadlock
 * must say that the only other thread that took the wait's mutex, the
 * one that would signal, has exited (test-lock-misuse.sh).
 */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t done_cv = PTHREAD_COND_INITIALIZER;
static int keepalive = 1, jobs, done;

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  while (keepalive)
    {
      if (jobs)
        {
          jobs--;
          done = 1;
          pthread_cond_signal (&done_cv);
        }
      pthread_mutex_unlock (&m);
      pthread_mutex_lock (&m);
    }
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_mutex_lock (&m);
  keepalive = 0;   /* "destroy the other pool" */
  pthread_mutex_unlock (&m);
  pthread_mutex_lock (&m);
  jobs = 1;
  while (!done)
    pthread_cond_wait (&done_cv, &m);   /* [deadlock] */
  pthread_mutex_unlock (&m);
  pthread_join (t, NULL);
  return 0;
}
