/* A struct with a flexible array member, allocated with room for two
 * elements: a race on the second element's field.  augur check must name
 * it `g->ws[1].x`, not a third struct of the allocation (`g[2].a`). */
#include <pthread.h>
#include <stdlib.h>

struct work
{
  long x;
  int r;
};

struct group
{
  long a, b;
  struct work ws[];
};

static struct group *g;

static void *
worker (void *arg)
{
  (void) arg;
  g->ws[1].x = 1;                         /* [data-race] */
  return NULL;
}

int
main (void)
{
  g = calloc (1, sizeof (struct group) + 2 * sizeof (struct work));
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  long v = g->ws[1].x;                    /* [data-race] */
  pthread_join (t, NULL);
  free (g);
  return (int) v;
}
