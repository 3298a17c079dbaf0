/* A thread unlocks the mutex main holds. */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *
thief (void *arg)
{
  (void) arg;
  pthread_mutex_unlock (&m);   /* [misuse:unlock-not-owner] */
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_mutex_lock (&m);
  pthread_create (&t, NULL, thief, NULL);
  pthread_join (t, NULL);
  return 0;
}
