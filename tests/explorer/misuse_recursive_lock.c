/* A normal mutex locked again by its owner: the thread blocks for ever. */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

int
main (void)
{
  pthread_mutex_lock (&m);
  pthread_mutex_lock (&m);     /* [misuse:recursive-lock] */
  pthread_mutex_unlock (&m);
  return 0;
}
