/* A compare-exchange spin lock whose holder never releases it: the
 * second thread spins for ever.  augur must report a hang that names the
 * lock word the loop waits for, not the loop's own `expected` local. */
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

static atomic_uint held_lock;

static void
spin_lock (void)
{
  unsigned expected = 0;
  while (!atomic_compare_exchange_strong (&held_lock, &expected, 1))
    expected = 0;
}

static void *
worker (void *arg)
{
  (void) arg;
  spin_lock ();   /* and never unlocked */
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
  return 0;
}
