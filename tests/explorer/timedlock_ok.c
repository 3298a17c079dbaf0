/* Timed locks give up: two threads that each hold one mutex and try the
 * other with pthread_mutex_timedlock back off on ETIMEDOUT instead of
 * deadlocking, a timed lock of a normal mutex the caller holds times out,
 * and so does a timed read lock of a rwlock another thread holds for
 * writing.  Correct: the exploration must end complete with no finding
 * (the timed forms were explored as blocking ones: a deadlock, a
 * recursive lock that blocks for ever, a lock-order inversion). */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <time.h>

static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;

static struct timespec
soon (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_REALTIME, &ts);
  ts.tv_sec += 1;
  return ts;
}

/* lock @first, try @second for a while; 0 or ETIMEDOUT */
static int
both (pthread_mutex_t *first, pthread_mutex_t *second)
{
  struct timespec ts = soon ();
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
  int r = both (&b, &a);
  assert (r == 0 || r == ETIMEDOUT);
  struct timespec ts = soon ();
  r = pthread_rwlock_timedrdlock (&rw, &ts);
  assert (r == 0 || r == ETIMEDOUT);
  if (r == 0)
    pthread_rwlock_unlock (&rw);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, other, NULL);
  int r = both (&a, &b);
  assert (r == 0 || r == ETIMEDOUT);
  pthread_rwlock_wrlock (&rw);
  pthread_rwlock_unlock (&rw);
  pthread_join (t, NULL);
  /* its own normal mutex: the timed lock waits until the time is up */
  struct timespec ts = soon ();
  pthread_mutex_lock (&a);
  assert (pthread_mutex_timedlock (&a, &ts) == ETIMEDOUT);
  pthread_mutex_unlock (&a);
  return 0;
}
