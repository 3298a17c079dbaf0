/* robust_ok's owner with a mutex that is not robust: it exits holding
 * it, and main's lock after the join waits for ever (a deadlock). */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *
owner (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  return NULL;   /* exits holding m */
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, owner, NULL);
  pthread_join (t, NULL);
  pthread_mutex_lock (&m);
  pthread_mutex_unlock (&m);
  return 0;
}
