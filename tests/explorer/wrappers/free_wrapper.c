/* A pool freed through an allocator's wrapper, as zstd frees everything
 * through ZSTD_customFree: pool_free frees the queue (line 22), then the
 * pool (line 23) while the worker still writes it (line 15).  my_free is
 * a plain static function: inlined into pool_free at -O2, a call at -O0. */
#include <pthread.h>
#include <stdlib.h>

struct pool { int busy; int *queue; };

static void my_free (void *p) { if (p != NULL) free (p); }

static void *
worker (void *arg)
{
  ((struct pool *) arg)->busy = 1;
  return NULL;
}

static void
pool_free (struct pool *p)
{
  my_free (p->queue);
  my_free (p);   /* the worker may still use it */
}

int
main (void)
{
  pthread_t t;
  struct pool *p = calloc (1, sizeof *p);
  p->queue = calloc (4, sizeof *p->queue);
  p->queue[0] = 1;
  pthread_create (&t, NULL, worker, p);
  pool_free (p);
  pthread_join (t, NULL);
  return 0;
}
