/* A correct use of a barrier: two rounds of two threads, each publishing
 * its slot before the wait and reading the other's after it; main destroys
 * the barrier as soon as it leaves the last round (the worker may not have
 * left yet: glibc's destroy waits for it), then initialises it again for a
 * last meeting.  No finding, in 16 executions: the orders of the two
 * threads' arrivals in each of the four waits (a leave is independent of
 * everything but the arrival that completed its round). */
#include <assert.h>
#include <pthread.h>

static pthread_barrier_t round_end;
static int slot[2];

static void *
worker (void *arg)
{
  for (int r = 1; r <= 2; r++)
    {
      slot[1] = r;
      pthread_barrier_wait (&round_end);
      assert (slot[0] == r);
      pthread_barrier_wait (&round_end);
    }
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_barrier_init (&round_end, NULL, 2);
  pthread_create (&t, NULL, worker, NULL);
  for (int r = 1; r <= 2; r++)
    {
      slot[0] = r;
      pthread_barrier_wait (&round_end);
      assert (slot[1] == r);
      pthread_barrier_wait (&round_end);
    }
  pthread_barrier_destroy (&round_end);
  pthread_join (t, NULL);
  pthread_barrier_init (&round_end, NULL, 1);
  pthread_barrier_wait (&round_end);
  pthread_barrier_destroy (&round_end);
  return 0;
}
