/* A yielding poll that counts its rounds in a global: each round writes
 * memory, so it is no loop that waits (runtime/rt-sched-await.c), and the
 * run where main polls a third time before the worker's write is
 * explored: the assertion fails there. */
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

static atomic_int ready;
static int rounds;

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
  while (!atomic_load (&ready))
    {
      rounds++;
      sched_yield ();
    }
  assert (rounds < 3);
  pthread_join (t, NULL);
  return 0;
}
