/* A lock acquired with a time limit, on the kernel's futex called through
 * syscall(), as lock libraries do: the waiter gives up when FUTEX_WAIT
 * fails with ETIMEDOUT.  Here the holder keeps the lock until the waiter
 * is done, so the waiter must time out and go on.  Correct: the
 * exploration must end complete with no finding (a timed wait that never
 * timed out made this a hang). */
#include <assert.h>
#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static _Atomic uint32_t word = 1;   /* held by main until the waiter is done */
static int gave_up;

/* 0 once the lock is taken, ETIMEDOUT if it was not free in time */
static int
lock_timed (void)
{
  const struct timespec limit = { 0, 1000000 };
  for (;;)
    {
      uint32_t c = 0;
      if (atomic_compare_exchange_strong (&word, &c, 1))
        return 0;
      if (syscall (SYS_futex, &word, FUTEX_WAIT_PRIVATE, c, &limit, NULL, 0) == -1
          && errno == ETIMEDOUT)
        return ETIMEDOUT;
    }
}

static void *
waiter (void *arg)
{
  (void) arg;
  if (lock_timed () == ETIMEDOUT)
    gave_up = 1;
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, waiter, NULL);
  pthread_join (t, NULL);
  assert (gave_up);
  atomic_store (&word, 0);
  return 0;
}
