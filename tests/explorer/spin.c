/* A thread spins on a flag another thread sets (a data race, too): under a scheduler that
 * keeps running the spinner the execution never ends; the step bound
 * cuts it, and the other orders finish. */
#include <pthread.h>

static volatile int flag;

static void *
spin (void *arg)
{
  (void) arg;
  while (!flag)
    ;
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, spin, NULL);
  flag = 1;
  pthread_join (t, NULL);
  return 0;
}
