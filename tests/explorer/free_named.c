/* main frees the struct that a worker still updates: a use after free.
 * The free's step must name what it frees, the struct `*shared`, not the
 * field that starts at the same address (`shared->time`). */
#include <pthread.h>
#include <stdlib.h>

struct stats
{
  long time;
  long count;
};

static struct stats *shared;

static void *
worker (void *arg)
{
  (void) arg;
  shared->count++;   /* [use-after-free] */
  return NULL;
}

int
main (void)
{
  shared = calloc (1, sizeof *shared);
  shared->time = 5;
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  free (shared);
  pthread_join (t, NULL);
  return 0;
}
