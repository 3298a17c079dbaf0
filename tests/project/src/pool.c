/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * pool.c — the workers.  Each names its thread with prctl() (a Linux
 * header Frama-C's own libc does not have) and takes jobs under the lock,
 * but adds its job's checksum to the total outside it: a data race, the
 * bug augur must find.
 */
#include <sys/prctl.h>

#include "pool.h"

static void *
worker (void *arg)
{
  struct pool *p = arg;
  prctl (PR_SET_NAME, "pool-worker", 0, 0, 0);
  for (;;)
    {
      pthread_mutex_lock (&p->lock);
      if (p->jobs == 0)
        {
          pthread_mutex_unlock (&p->lock);
          return NULL;
        }
      unsigned job = p->jobs--;
      pthread_mutex_unlock (&p->lock);
      unsigned long sum = job_checksum (job);
      p->checksum += sum;   /* BUG: not under the lock */
      pthread_mutex_lock (&p->lock);
      p->done++;
      pthread_mutex_unlock (&p->lock);
    }
}

void
pool_run (struct pool *p, unsigned jobs)
{
  pthread_mutex_init (&p->lock, NULL);
  p->jobs = jobs;
  p->done = 0;
  p->checksum = 0;
  for (int i = 0; i < POOL_WORKERS; i++)
    pthread_create (&p->workers[i], NULL, worker, p);
  for (int i = 0; i < POOL_WORKERS; i++)
    pthread_join (p->workers[i], NULL);
  pthread_mutex_destroy (&p->lock);
}
