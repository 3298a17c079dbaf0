/* A lock wrapper, my_lock(), called from two places, as libraries wrap
 * pthread calls (libuv's uv_mutex_lock): put() forgets its my_unlock()
 * when it holds two items, so take() locks a normal mutex its thread
 * already holds.  Every lock is at the wrapper's one line (15); only the
 * callers (lines 29 and 40) say which lock was which.  take() itself is
 * called from one place: its line is the one to name, not its caller's. */
#include <pthread.h>

static pthread_mutex_t m;
static int items;

static __attribute__ ((noinline)) void
my_lock (pthread_mutex_t *mu)
{
  if (pthread_mutex_lock (mu) != 0)
    __builtin_trap ();
}

static __attribute__ ((noinline)) void
my_unlock (pthread_mutex_t *mu)
{
  if (pthread_mutex_unlock (mu) != 0)
    __builtin_trap ();
}

static __attribute__ ((noinline)) void
put (int n)
{
  my_lock (&m);
  items += n;
  if (items > 1)
    return;                     /* forgets my_unlock */
  my_unlock (&m);
}

static __attribute__ ((noinline)) int
take (void)
{
  int n;
  my_lock (&m);
  n = items;
  items = 0;
  my_unlock (&m);
  return n;
}

static void *
producer (void *arg)
{
  (void) arg;
  put (1);
  put (1);
  return (void *) (long) take ();
}

int
main (void)
{
  pthread_t t;
  pthread_mutex_init (&m, NULL);
  pthread_create (&t, NULL, producer, NULL);
  pthread_join (t, NULL);
  return 0;
}
