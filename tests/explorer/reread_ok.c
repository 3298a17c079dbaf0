/* reread's fix: main reads the flag only after the join.  Both threads
 * re-read an unchanged location through one helper (same instruction, same
 * object, nothing written between): a bounded loop and a straight-line
 * second call, neither a waiting loop, so there is no hang to report. */
#include <assert.h>
#include <pthread.h>

static int config = 7, done;

static __attribute__ ((noinline)) int
get (int *p)
{
  return __atomic_load_n (p, __ATOMIC_SEQ_CST);
}

static void *
worker (void *arg)
{
  int sum = 0;
  for (int i = 0; i < 3; i++)
    sum += get (&config);
  __atomic_store_n (&done, sum, __ATOMIC_SEQ_CST);
  return arg;
}

int
main (void)
{
  pthread_t t;
  int before = get (&config);
  pthread_create (&t, NULL, worker, NULL);
  int again = get (&config);
  pthread_join (t, NULL);
  assert (before == again && get (&done) == 21);
  return 0;
}
