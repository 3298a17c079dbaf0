/* A mutex unlocked twice. */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

int
main (void)
{
  pthread_mutex_lock (&m);
  pthread_mutex_unlock (&m);
  pthread_mutex_unlock (&m);   /* [misuse:double-unlock] */
  return 0;
}
