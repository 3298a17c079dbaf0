/* Races on stack variables shared by address: main's `n` with thread 1,
 * and thread 1's `m` with the thread 2 it starts. */
#include <pthread.h>

static void *
bump (void *arg)
{
  int *p = arg;
  (*p)++;                     /* [data-race] */
  return NULL;
}

static void *
starter (void *arg)
{
  int m = 0;
  pthread_t t;
  pthread_create (&t, NULL, bump, &m);
  m++;                        /* [data-race] */
  pthread_join (t, NULL);
  return bump (arg);
}

int
main (void)
{
  int n = 0;
  pthread_t t;
  pthread_create (&t, NULL, starter, &n);
  n++;                        /* [data-race] */
  pthread_join (t, NULL);
  return n > 2;
}
