/* The thread's pointer write sits in a branch the static analysis proves
 * never taken from this main (arg is NULL), so it never reached that code:
 * the facts are incomplete and nothing is pruned.  augur check must say
 * why, naming the function and the line, not only "incomplete". */
#include <pthread.h>
#include <stddef.h>

static int counter;
static int *target = &counter;

static void *
worker (void *arg)
{
  if (arg != NULL)
    *target += 1;
  counter++;
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_join (t, NULL);
  return 0;
}
