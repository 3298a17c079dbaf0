/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * pool_keepalive — a thread pool whose workers run while a keep-alive flag
 * is set, and the flag is one global for all pools (a known bug of a
 * public pool).  The driver makes two pools and destroys the first before
 * it waits for the second's job: the second pool's workers see the flag
 * cleared and leave, and the wait for the job spins for ever.  It hangs
 * in every native run.  pool_init waits for its threads with a spin and
 * the destroy polls with sleeps, as the original does.
 */
#include <pthread.h>
#include <time.h>
#include <unistd.h>

#define WORKERS 1

static int keepalive;                           /* one for every pool: the bug */

typedef struct {
  pthread_mutex_t lock;
  pthread_cond_t has_job;
  int alive;
  int jobs;
  int done;
  pthread_t threads[WORKERS];
} Pool;

static void *
worker (void *arg)
{
  Pool *p = arg;
  pthread_mutex_lock (&p->lock);
  p->alive++;
  while (keepalive)                             /* [data-race] */
    {
      if (p->jobs > 0)
        {
          p->jobs--;
          p->done++;
          continue;
        }
      struct timespec t;
      clock_gettime (CLOCK_REALTIME, &t);
      t.tv_sec += 1;
      pthread_cond_timedwait (&p->has_job, &p->lock, &t);
    }
  p->alive--;
  pthread_mutex_unlock (&p->lock);
  return NULL;
}

static void
pool_init (Pool *p)
{
  pthread_mutex_init (&p->lock, NULL);
  pthread_cond_init (&p->has_job, NULL);
  p->alive = p->jobs = p->done = 0;
  keepalive = 1;                                /* [data-race] before this pool's threads */
  for (int i = 0; i < WORKERS; i++)
    pthread_create (&p->threads[i], NULL, worker, p);
  for (;;)                                      /* wait until all threads run */
    {
      pthread_mutex_lock (&p->lock);
      int alive = p->alive;
      pthread_mutex_unlock (&p->lock);
      if (alive == WORKERS)
        break;
    }
}

static void
pool_add (Pool *p)
{
  pthread_mutex_lock (&p->lock);
  p->jobs++;
  pthread_cond_signal (&p->has_job);
  pthread_mutex_unlock (&p->lock);
}

static void
pool_wait (Pool *p)
{
  for (;;)
    {
      pthread_mutex_lock (&p->lock);
      int done = p->done;                       /* [hang] */
      pthread_mutex_unlock (&p->lock);
      if (done > 0)
        break;
      usleep (1000);
    }
}

static void
pool_destroy (Pool *p)
{
  pthread_mutex_lock (&p->lock);
  keepalive = 0;
  pthread_mutex_unlock (&p->lock);
  for (;;)
    {
      pthread_mutex_lock (&p->lock);
      int alive = p->alive;
      pthread_cond_broadcast (&p->has_job);
      pthread_mutex_unlock (&p->lock);
      if (alive == 0)
        break;
      usleep (1000);
    }
  for (int i = 0; i < WORKERS; i++)
    pthread_join (p->threads[i], NULL);
  pthread_cond_destroy (&p->has_job);
  pthread_mutex_destroy (&p->lock);
}

int
main (void)
{
  static Pool a, b;
  pool_init (&a);
  pool_init (&b);
  pool_destroy (&a);                            /* clears b's keep-alive too */
  pool_add (&b);
  pool_wait (&b);
  pool_destroy (&b);
  return 0;
}
