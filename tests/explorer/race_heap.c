/* A race on a field of a malloc'd struct: two threads push without a lock. */
#include <pthread.h>
#include <stdlib.h>

struct queue
{
  int size;
  int pushed;
};

static void *
push (void *arg)
{
  struct queue *q = arg;
  q->pushed++;                /* [data-race] */
  return NULL;
}

int
main (void)
{
  struct queue *q = calloc (1, sizeof *q);
  pthread_t a, b;
  pthread_create (&a, NULL, push, q);
  pthread_create (&b, NULL, push, q);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  free (q);
  return 0;
}
