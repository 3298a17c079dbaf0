/*
 * confirm_order — an order violation: main checks a flag the worker sets,
 * and aborts when the worker got there first.  The recorded run has main
 * first (the worker sleeps a millisecond), and so does the predicted
 * race's schedule: the two accesses back to back, in the recorded order,
 * where nothing fails.  augur confirm must try the race's other order too
 * and class it harmful.
 */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

static int started;

static void *
worker (void *arg)
{
  usleep (1000);
  started = 1;
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  if (started)
    abort ();   /* main expected to be first */
  pthread_join (t, NULL);
  return 0;
}
