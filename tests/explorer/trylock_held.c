/* A worker publishes its result only if its trylock finds the lock free;
 * main takes the lock once.  The result is lost when the trylock comes
 * between main's lock and unlock: that order is a race of the trylock
 * with the unlock (moved before it, the trylock fails instead of
 * succeeding), which DPOR must reverse, not only the race with the lock. */
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int shared, published;

static void *
worker (void *arg)
{
  if (pthread_mutex_trylock (&m) == 0)
    {
      published = 1;
      pthread_mutex_unlock (&m);
    }
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_mutex_lock (&m);
  shared = 1;
  pthread_mutex_unlock (&m);
  pthread_join (t, NULL);
  assert (published == 1);   /* fails when the trylock found m held */
  return shared - 1;
}
