/* A lost update that the program checks itself, without assert: main
 * returns 1 when an increment was lost, which `augur explore` reports as
 * an exit-status failure and `augur diagnose` must explain like an
 * assertion. */
#include <pthread.h>

static int count;

static void *
worker (void *arg)
{
  int v = count;
  count = v + 1;
  return arg;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, worker, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  if (count != 2)
    return 1;
  return 0;
}
