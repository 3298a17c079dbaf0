/* The writer frees the block it published, the last one allocated, and
 * allocates another: the reader may read the published block after the
 * free.  A use after free, which augur must report as such (the arena
 * gave the last block back, the new one took its address, and the read
 * was reported as a data race on the new object). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct obj
{
  long x;
};
static struct obj *_Atomic shared;

static void *
writer (void *arg)
{
  (void) arg;
  free (atomic_load (&shared));
  struct obj *q = malloc (sizeof *q);
  q->x = 42;
  return q;
}

static void *
reader (void *arg)
{
  (void) arg;
  struct obj *p = atomic_load (&shared);
  return (void *) p->x;   /* [use-after-free] */
}

int
main (void)
{
  struct obj *o = malloc (sizeof *o);
  o->x = 1;
  atomic_store (&shared, o);
  pthread_t w, r;
  void *q;
  pthread_create (&w, NULL, writer, NULL);
  pthread_create (&r, NULL, reader, NULL);
  pthread_join (w, &q);
  pthread_join (r, NULL);
  free (q);
  return 0;
}
