/* One block's two lives in two threads: a worker fills a block, frees it
 * and ends; another allocates a block of the same size, which, when the
 * first is freed by then, the allocator may hand out from the same memory
 * (augur explore --malloc-reuse does), and fills it.  The free comes
 * before the allocation that returns the memory: no data race between
 * the fills, in any order. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

static atomic_int started;   /* both orders of the threads are explored */

static void *
first (void *arg)
{
  (void) arg;
  atomic_fetch_add (&started, 1);
  char *p = calloc (1, 256);
  p[72] = 1;
  free (p);
  return NULL;
}

static void *
second (void *arg)
{
  (void) arg;
  atomic_fetch_add (&started, 1);
  char *q = malloc (256);
  memset (q, 2, 256);
  q[72] = 3;
  free (q);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, first, NULL);
  pthread_create (&b, NULL, second, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
