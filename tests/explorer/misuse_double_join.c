/* A thread joined twice. */
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
  pthread_join (t, NULL);
  pthread_join (t, NULL);      /* [misuse:double-join] */
  return 0;
}
