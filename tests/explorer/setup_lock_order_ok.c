/* Main takes a then b while it sets up, before any other thread exists;
 * then one worker takes b then a.  The two orders can never overlap (the
 * worker is created after main released both), so no deadlock is
 * possible: augur warned of a lock-order inversion all the same. */
#include <pthread.h>

static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;
static int config, counter;

static void
setup (void)
{
  pthread_mutex_lock (&a);
  pthread_mutex_lock (&b);
  config = 1;
  pthread_mutex_unlock (&b);
  pthread_mutex_unlock (&a);
}

static void *
worker (void *arg)
{
  pthread_mutex_lock (&b);
  pthread_mutex_lock (&a);
  counter += config;
  pthread_mutex_unlock (&a);
  pthread_mutex_unlock (&b);
  return arg;
}

int
main (void)
{
  pthread_t t;
  setup ();
  pthread_create (&t, NULL, worker, NULL);
  pthread_join (t, NULL);
  return counter == 1 ? 0 : 1;
}
