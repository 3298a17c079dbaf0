/* Two threads each hold one mutex and try the other with a timed lock:
 * when each takes its first before the other's second, one of them times
 * out.  augur must find the failed assertion (a timed lock that never
 * timed out was reported as a deadlock instead). */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
#include <time.h>

static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;

static int
both (pthread_mutex_t *first, pthread_mutex_t *second)
{
  struct timespec ts;
  clock_gettime (CLOCK_REALTIME, &ts);
  ts.tv_sec += 1;
  pthread_mutex_lock (first);
  int r = pthread_mutex_timedlock (second, &ts);
  if (r == 0)
    pthread_mutex_unlock (second);
  pthread_mutex_unlock (first);
  return r;
}

static void *
other (void *arg)
{
  (void) arg;
  return (void *) (size_t) both (&b, &a);
}

int
main (void)
{
  pthread_t t;
  void *theirs;
  pthread_create (&t, NULL, other, NULL);
  int mine = both (&a, &b);
  pthread_join (t, &theirs);
  assert (mine == 0 && theirs == NULL);
  return 0;
}
