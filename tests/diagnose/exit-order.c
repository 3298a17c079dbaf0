/* An order violation the program detects itself: the worker uses a
 * pointer main sets only after starting it, sees it NULL and ends the
 * program with exit (2). */
#include <pthread.h>
#include <stdlib.h>

static int value = 42;
static int *shared;
static int seen;

static void *
worker (void *arg)
{
  int *p = shared;
  if (p == NULL)
    exit (2);
  seen = *p;
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  shared = &value;
  pthread_join (t, NULL);
  return seen == 42 ? 0 : 3;
}
