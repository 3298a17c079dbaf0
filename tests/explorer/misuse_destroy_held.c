/* A mutex destroyed while held. */
#include <pthread.h>

int
main (void)
{
  pthread_mutex_t m;
  pthread_mutex_init (&m, NULL);
  pthread_mutex_lock (&m);
  pthread_mutex_destroy (&m);  /* [misuse:destroy-held-mutex] */
  return 0;
}
