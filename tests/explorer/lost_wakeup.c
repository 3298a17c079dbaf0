/* A condition wait without a predicate: when the signal comes first, the
 * waiter sleeps for ever (a global stall). */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;

static void *
waiter (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  pthread_cond_wait (&c, &m);     /* [deadlock] */
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, waiter, NULL);
  pthread_mutex_lock (&m);
  pthread_cond_signal (&c);
  pthread_mutex_unlock (&m);
  pthread_join (t, NULL);         /* [deadlock] */
  return 0;
}
