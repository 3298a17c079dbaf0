/* uv__async_spin's wait with a worker that marks itself busy and never
 * clears it: when the worker runs first, main polls and yields for ever.
 * The loop awaits at its yield, nothing can write `busy` any more: a hang
 * that names the loop and `busy`, not a run cut by the step bound. */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

static atomic_int busy;

static void *
work (void *arg)
{
  atomic_fetch_add_explicit (&busy, 2, memory_order_relaxed);
  return arg;   /* no fetch_add (&busy, -2) */
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, work, NULL);
  for (;;)
    {
      for (volatile int i = 0; i < 64; i++)   /* in the frame, as at -O0 */
        if ((atomic_load (&busy) & ~1) == 0)
          goto out;
      sched_yield ();
    }
out:
  pthread_join (t, NULL);
  return 0;
}
