/* As held_destroy_lost.c, with the mutex in a heap block main frees after
 * destroying it held: the worker, if it locks first, writes the block
 * after its unlock, which can come after the free.  Three traces: main
 * locks first (the worker waits for ever), the worker's write before the
 * free, after it (a use after free). */
#include <pthread.h>
#include <stdlib.h>

struct box
{
  pthread_mutex_t m;
  int x;
};

static void *
worker (void *arg)
{
  struct box *b = arg;
  pthread_mutex_lock (&b->m);
  pthread_mutex_unlock (&b->m);
  b->x = 1;                     /* [misuse:use-after-free] after main's free */
  return NULL;
}

int
main (void)
{
  pthread_t t;
  struct box *b = malloc (sizeof *b);
  pthread_mutex_init (&b->m, NULL);
  pthread_create (&t, NULL, worker, b);
  pthread_detach (t);
  pthread_mutex_lock (&b->m);
  pthread_mutex_destroy (&b->m);   /* [misuse:destroy-held-mutex] */
  free (b);
  return 0;
}
