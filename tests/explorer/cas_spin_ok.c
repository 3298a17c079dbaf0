/* A spin lock on compare-exchange, written the usual way: the `expected`
 * local is reset after each failed attempt (which wrote the value it
 * found into it).  Two threads increment a counter under it.  Correct: the
 * exploration must end complete with no finding, the waiting thread's
 * loop recognised as one that waits for the holder's release (before, the
 * reset looked like a change and every spin was explored until the step
 * bound cut the run). */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

static atomic_uint lock;
static int counter;

static void
spin_lock (void)
{
  unsigned expected = 0;
  while (!atomic_compare_exchange_weak (&lock, &expected, 1))
    expected = 0;
}

static void
spin_unlock (void)
{
  atomic_store (&lock, 0);
}

static void *
worker (void *arg)
{
  (void) arg;
  spin_lock ();
  counter++;
  spin_unlock ();
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, worker, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (counter == 2);
  return 0;
}
