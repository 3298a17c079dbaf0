/* A test-and-set spin lock written with an inline-assembly xchg, as
 * concurrencykit's x86-64 FAS spin lock is.  It always ends natively.
 * augur cannot see the xchg: the second thread spins on it without ever
 * giving the scheduler a turn, so the holder never runs again and the
 * watchdog kills the run.  That hang is augur's, not the program's: it
 * must be a warning that says so, never an error (exit 6, not 1). */
#include <pthread.h>
#include <stddef.h>

static unsigned lockword;
static int counter;

static unsigned
xchg (unsigned *p, unsigned v)
{
  __asm__ __volatile__ ("xchgl %0, %1" : "+r"(v), "+m"(*p) : : "memory");
  return v;
}

static void *
worker (void *arg)
{
  (void) arg;
  while (xchg (&lockword, 1) != 0)
    ;
  counter++;
  __atomic_store_n (&lockword, 0, __ATOMIC_RELEASE);
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
