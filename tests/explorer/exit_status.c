/* A test that reports its failure through its exit status, as test
 * drivers do: two threads increment a counter with a relaxed atomic load
 * and store (a lost update, but no data race), and main returns 1 when
 * the count is wrong.  The explorer ran the failing interleaving and said
 * "complete, 0 findings", exit 0. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int counter;

static void *
worker (void *arg)
{
  int v = atomic_load_explicit (&counter, memory_order_relaxed);
  atomic_store_explicit (&counter, v + 1, memory_order_relaxed);
  return arg;
}

int
main (void)
{
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  if (atomic_load (&counter) != 2)
    {
      fprintf (stderr, "FAIL: counter=%d\n", atomic_load (&counter));
      return 1;                           /* [exit-status] */
    }
  return 0;
}
