/* Two threads take a and b in opposite orders through a wrapper, take(),
 * as libraries do (pigz's possess(), ...): the deadlock's lock requests
 * are in take(), and only its callers (lines 25 and 35) say which (kept
 * out of line, as a wrapper in another file would be). */
#include <pthread.h>

static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;

static __attribute__ ((noinline)) void
take (pthread_mutex_t *m)
{
  pthread_mutex_lock (m);
}

static __attribute__ ((noinline)) void
drop (pthread_mutex_t *m)
{
  pthread_mutex_unlock (m);
}

static void *
forward (void *arg)
{
  take (&a);
  take (&b);
  drop (&b);
  drop (&a);
  return arg;
}

static void *
backward (void *arg)
{
  take (&b);
  take (&a);
  drop (&a);
  drop (&b);
  return arg;
}

int
main (void)
{
  pthread_t x, y;
  pthread_create (&x, NULL, forward, NULL);
  pthread_create (&y, NULL, backward, NULL);
  pthread_join (x, NULL);
  pthread_join (y, NULL);
  return 0;
}
