/* Two threads bump the shared library's counter: its lines are named
 * (counter.c), not as offsets in an unnamed module. */
#include <assert.h>
#include <pthread.h>

void counter_bump (void);
extern int counter;

static void *
worker (void *arg)
{
  (void) arg;
  counter_bump ();
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  counter_bump ();
  pthread_join (t, NULL);
  assert (counter == 2);
  return 0;
}
