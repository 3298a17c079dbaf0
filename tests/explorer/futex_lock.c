/* futex_lock_ok.c's lock with its fast path broken: the free word is
 * tested and then set in two steps, so both threads can take the lock and
 * an increment is lost.  The exploration must find the assertion. */
#include <assert.h>
#include <linux/futex.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

static _Atomic uint32_t word;
static int counter;

static void
lock (void)
{
  if (atomic_load (&word) == 0)
    {
      atomic_store (&word, 1);   /* not one step with the test above */
      return;
    }
  uint32_t c = atomic_exchange (&word, 2);
  while (c != 0)
    {
      syscall (SYS_futex, &word, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
      c = atomic_exchange (&word, 2);
    }
}

static void
unlock (void)
{
  if (atomic_fetch_sub (&word, 1) != 1)
    {
      atomic_store (&word, 0);
      syscall (SYS_futex, &word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
    }
}

static void *
worker (void *arg)
{
  (void) arg;
  lock ();
  int seen = counter;
  counter = seen + 1;
  unlock ();
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
