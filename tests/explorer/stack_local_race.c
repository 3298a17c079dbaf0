/* A race on a local of main that a thread reaches through a pointer: the
 * explorer records no trace, so the finding named it by its stack slot
 * (T0.stack-0x...) where augur check said `total`.  One recorded run's
 * frames name it. */
#include <pthread.h>

static void *
worker (void *arg)
{
  int *p = arg;
  (*p)++;
  return NULL;
}

int
main (void)
{
  int total = 0;
  pthread_t t;
  pthread_create (&t, NULL, worker, &total);
  total++;
  pthread_join (t, NULL);
  return total == 2 ? 0 : 0;
}
