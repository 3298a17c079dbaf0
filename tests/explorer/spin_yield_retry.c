/* A yielding poll that gives up after three tries, and then uses what the
 * worker was to publish.  The try counter makes each yield's state differ:
 * the loop is not taken for one that waits (runtime/rt-sched-await.c),
 * and the run where the worker comes too late is explored. */
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

static atomic_int ready;

static void *
work (void *arg)
{
  atomic_store (&ready, 1);
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, work, NULL);
  for (int tries = 0; tries < 3; tries++)
    {
      if (atomic_load (&ready))
        break;
      sched_yield ();
    }
  assert (atomic_load (&ready));
  pthread_join (t, NULL);
  return 0;
}
