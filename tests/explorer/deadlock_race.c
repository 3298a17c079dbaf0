/* A lock-order deadlock in an execution that also races on `hits`: the
 * deadlock is its locks', and its explanation must not offer the race as
 * a cause (that note is for a condition waiter's lost wake-up). */
#include <pthread.h>

static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;
static int hits;

static void *
worker (void *arg)
{
  hits++;                       /* [race] */
  pthread_mutex_lock (&a);
  pthread_mutex_lock (&b);      /* [deadlock] */
  pthread_mutex_unlock (&b);
  pthread_mutex_unlock (&a);
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  hits++;                       /* [race] */
  pthread_mutex_lock (&b);
  pthread_mutex_lock (&a);      /* [deadlock] */
  pthread_mutex_unlock (&a);
  pthread_mutex_unlock (&b);
  pthread_join (t, NULL);
  return 0;
}
