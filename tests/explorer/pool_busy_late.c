/* A two-worker job pool whose busy count is raised only after a worker
 * has taken its job, in a critical section of its own.  pool_wait can
 * then see an empty queue and no busy worker while a taken job has not
 * started, and main's check right after it fails: the worker must stop
 * between taking the job and counting itself, the other worker finish
 * its job and wake main, and main stop between its wait and its check
 * while the first worker counts itself.  PCT needs depth 4 or more for
 * it (none in 100,000 runs at depth 3). */
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t has_job = PTHREAD_COND_INITIALIZER;
static pthread_cond_t all_idle = PTHREAD_COND_INITIALIZER;
static int queued, busy, stopping;

static void *
worker (void *arg)
{
  (void) arg;
  for (;;)
    {
      pthread_mutex_lock (&lock);
      while (queued == 0 && !stopping)
        pthread_cond_wait (&has_job, &lock);
      if (queued == 0)
        {
          pthread_mutex_unlock (&lock);
          return NULL;
        }
      queued--;
      pthread_mutex_unlock (&lock);
      pthread_mutex_lock (&lock);
      busy++;                 /* too late: the job was taken above */
      pthread_mutex_unlock (&lock);
      pthread_mutex_lock (&lock);
      busy--;
      if (queued == 0 && busy == 0)
        pthread_cond_broadcast (&all_idle);
      pthread_mutex_unlock (&lock);
    }
}

int
main (void)
{
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++)
    {
      pthread_mutex_lock (&lock);
      queued++;
      pthread_cond_signal (&has_job);
      pthread_mutex_unlock (&lock);
    }
  /* pool_wait */
  pthread_mutex_lock (&lock);
  while (queued > 0 || busy > 0)
    pthread_cond_wait (&all_idle, &lock);
  pthread_mutex_unlock (&lock);
  /* no worker is busy right after it */
  pthread_mutex_lock (&lock);
  int still_busy = busy;
  pthread_mutex_unlock (&lock);
  assert (still_busy == 0);
  pthread_mutex_lock (&lock);
  stopping = 1;
  pthread_cond_broadcast (&has_job);
  pthread_mutex_unlock (&lock);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  return 0;
}
