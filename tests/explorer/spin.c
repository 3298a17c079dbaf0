/* A thread spins on a flag another thread sets (a data race, too): each
 * iteration only re-reads the flag, so the spinner waits for the write
 * (runtime/rt-sched-await.c, "Await") instead of running iteration after
 * iteration, and the exploration completes. */
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
