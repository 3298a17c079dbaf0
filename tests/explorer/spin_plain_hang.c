/* main waits in an empty loop on a plain flag that the worker never
 * sets: a hang, also under --sync-only, where the loop's reads are no
 * steps and it must yield now and then to be judged at all. */
#include <pthread.h>

static volatile int alive;
static int other;

static void *
worker (void *arg)
{
  other = 1;
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  while (alive != 1)                            /* [hang] */
    {
    }
  pthread_join (t, NULL);
  return 0;
}
