/* The shape of libuv's condvar_3: a worker signals a condition after some
 * work, while main waits for it with a timed wait of 1 s on the monotonic
 * clock, in a loop until the flag is set, and aborts (libuv's ASSERT) if
 * the wait timed out.  augur finds the schedule where the worker is slow
 * and the wait times out first: its finding must say so.  With an
 * argument m the wait is on a mutex instead (pthread_mutex_timedlock,
 * while the worker holds it). */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond;
static int flag;
static volatile int work;

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&lock);
  for (int k = 0; k < 3; k++)
    work++;
  flag = 1;
  pthread_cond_signal (&cond);
  pthread_mutex_unlock (&lock);
  return NULL;
}

static void
deadline_in_1s (struct timespec *ts)
{
  clock_gettime (CLOCK_MONOTONIC, ts);
  ts->tv_sec += 1;
}

int
main (int argc, char **argv)
{
  pthread_condattr_t attr;
  pthread_condattr_init (&attr);
  pthread_condattr_setclock (&attr, CLOCK_MONOTONIC);
  pthread_cond_init (&cond, &attr);
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  struct timespec ts;
  if (argc > 1)
    {
      clock_gettime (CLOCK_REALTIME, &ts);
      ts.tv_sec += 1;
      if (pthread_mutex_timedlock (&lock, &ts) != 0)
        abort ();
      pthread_mutex_unlock (&lock);
    }
  else
    {
      pthread_mutex_lock (&lock);
      do
        {
          deadline_in_1s (&ts);
          if (pthread_cond_timedwait (&cond, &lock, &ts) != 0)
            abort ();
        }
      while (flag == 0);
      pthread_mutex_unlock (&lock);
    }
  pthread_join (t, NULL);
  return 0;
}
