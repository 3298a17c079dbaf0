/* A livelock behind a spin lock of the program's own: the toggler sets x
 * and clears it again while it holds the lock, the waiter reads x under
 * the same lock and waits for 1, which it can never read.  Both loops
 * write and restore the lock word in each iteration, so each shows a value
 * in passing (the lock taken, or free) that the other waits on: the end
 * must still be a hang, not an unfair schedule (runtime/rt-sched-passing.c:
 * a compare-exchange that took the lock read it free, and x is not the only
 * thing the waiter re-reads that the toggler writes). */
#include <pthread.h>
#include <stdatomic.h>

static atomic_int l;
static atomic_int x;
static atomic_int done;

static void
lock (void)
{
  int e = 0;
  while (!atomic_compare_exchange_strong (&l, &e, 1))
    e = 0;
}

static void
unlock (void)
{
  atomic_store (&l, 0);
}

static void *
toggler (void *arg)
{
  (void) arg;
  while (!atomic_load (&done))
    {
      lock ();
      atomic_store (&x, 1);
      atomic_store (&x, 0);
      unlock ();
    }
  return NULL;
}

static void *
waiter (void *arg)
{
  (void) arg;
  for (;;)
    {
      lock ();
      int r = atomic_load (&x);
      unlock ();
      if (r == 1)
        break;
    }
  atomic_store (&done, 1);
  return NULL;
}

int
main (void)
{
  pthread_t p, c;
  pthread_create (&p, NULL, toggler, NULL);
  pthread_create (&c, NULL, waiter, NULL);
  pthread_join (p, NULL);
  pthread_join (c, NULL);
  return 0;
}
