/* A lock built on the kernel's futex, called through syscall() as lock
 * libraries do (a three-state mutex: 0 free, 1 held, 2 held with
 * waiters), protecting a counter two threads increment.  Correct: the
 * exploration must end complete with no finding.  Under augur's scheduler
 * FUTEX_WAIT reads the word and returns at once (runtime/rt-futex.c); the
 * caller's retry loop then waits, as a loop that only re-reads memory,
 * until the holder writes the word. */
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
  uint32_t c = 0;
  if (atomic_compare_exchange_strong (&word, &c, 1))
    return;
  if (c != 2)
    c = atomic_exchange (&word, 2);
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
  counter++;
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
