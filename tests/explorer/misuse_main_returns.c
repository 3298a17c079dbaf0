/* main returns without joining its thread. */
#include <pthread.h>

static void *
work (void *arg)
{
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, work, NULL);
  return 0;                    /* [misuse:main-returns-with-threads] */
}
