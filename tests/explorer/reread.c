/* A thread re-reads a location nobody writes a bounded number of times (a
 * helper called in a loop whose counter lives in a register at -O1), then
 * raises a flag.  Each re-read sees nothing change, but the loop is no
 * waiting loop: the thread's own state (its counter) moves on.  Taking it
 * for one (runtime/rt-sched-await.c, "Await") would block the worker until main
 * ended, hiding the order where the flag is raised before main looks. */
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
  pthread_create (&t, NULL, worker, NULL);
  assert (get (&done) == 0);   /* fails when the worker ran first */
  pthread_join (t, NULL);
  return 0;
}
