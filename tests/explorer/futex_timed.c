/* A timed futex wait that is woken: the releasing thread frees the lock
 * word before it writes the data the waiter reads once woken (the bug:
 * the write belongs before the release).  The lost data shows only when
 * the waiter's wait returns 0, woken by the release, rather than timing
 * out: the explorer must try both endings of a timed FUTEX_WAIT. */
#include <assert.h>
#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static _Atomic uint32_t word = 1;
static _Atomic int data;

static void *
releaser (void *arg)
{
  (void) arg;
  atomic_store (&word, 0);
  syscall (SYS_futex, &word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
  atomic_store (&data, 42);
  return NULL;
}

static void *
waiter (void *arg)
{
  (void) arg;
  const struct timespec limit = { 0, 1000000 };
  if (syscall (SYS_futex, &word, FUTEX_WAIT_PRIVATE, 1, &limit, NULL, 0) == 0)
    assert (atomic_load (&data) == 42);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, waiter, NULL);
  pthread_create (&b, NULL, releaser, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
