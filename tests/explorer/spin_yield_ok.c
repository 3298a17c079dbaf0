/* A correct spin-wait in the style of libuv's uv__async_spin: main polls
 * `busy` 64 times, then yields, until the worker is done.  An iteration
 * is longer than Await's history and its counter makes the polls differ:
 * the loop is recognised at its yields (runtime/rt-sched-await.c, "Await
 * of a loop that yields"), main waits for the worker's write, and the
 * search is complete, with no finding and no run cut by the step bound. */
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

static atomic_int busy = 1;
static int data;

static void *
work (void *arg)
{
  data = 42;
  atomic_store_explicit (&busy, 0, memory_order_release);
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, work, NULL);
  for (;;)
    {
      for (volatile int i = 0; i < 64; i++)   /* in the frame, as at -O0 */
        if (atomic_load_explicit (&busy, memory_order_acquire) == 0)
          goto out;
      sched_yield ();
    }
out:
  assert (data == 42);
  pthread_join (t, NULL);
  return 0;
}
