/* A race on a stack variable of main, shared by address with a thread. */
#include <pthread.h>

static void *
bump (void *arg)
{
  int *n = arg;
  (*n)++;                     /* [data-race] */
  return NULL;
}

int
main (void)
{
  int n = 0;
  pthread_t t;
  pthread_create (&t, NULL, bump, &n);
  n++;                        /* [data-race] */
  pthread_join (t, NULL);
  return n > 2;
}
