/* main frees the array that a struct's pointer member points to while a
 * worker still reads an element of it: a use after free of the block
 * *p->items, not of the struct *p around the member (freed after the
 * join).  The access is named p->items[1].value; the block is what
 * p->items points to. */
#include <pthread.h>
#include <stdlib.h>

struct item
{
  int tag;
  int value;
};

struct pool
{
  int n;
  struct item *items;
};

static void *
worker (void *arg)
{
  struct pool *p = arg;
  return (void *) (long) p->items[1].value;   /* [use-after-free] */
}

int
main (void)
{
  struct pool *p = calloc (1, sizeof *p);
  p->n = 2;
  p->items = calloc (2, sizeof *p->items);
  pthread_t t;
  pthread_create (&t, NULL, worker, p);
  free (p->items);
  pthread_join (t, NULL);
  free (p);
  return 0;
}
