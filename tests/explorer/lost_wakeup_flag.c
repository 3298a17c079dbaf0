/* A lost wake-up with a predicate: `done` is set without the mutex, so
 * the waiter can test it, miss the signal, and wait for ever.  No
 * spurious wake-up is needed, and the report must not say the deadlock
 * may need one: the first witness the search meets has one, and a later
 * one without it takes its place. */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int done;

static void *
waiter (void *arg)
{
  pthread_mutex_lock (&m);
  while (!done)
    pthread_cond_wait (&c, &m);           /* [deadlock] */
  pthread_mutex_unlock (&m);
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, waiter, NULL);
  pthread_mutex_lock (&m);
  pthread_mutex_unlock (&m);
  done = 1;                               /* [data-race] */
  pthread_cond_signal (&c);
  pthread_join (t, NULL);
  return 0;
}
