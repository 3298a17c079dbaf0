/* A race on an element of a flexible array member: the block holds the
 * header and, past its end, the slots.  The report must name the slot
 * (q->slots[1]), not a second header (q[1].size). */
#include <pthread.h>
#include <stdlib.h>

struct ring
{
  int size;
  int head;
  int slots[];
};

static void *
put (void *arg)
{
  struct ring *q = arg;
  q->slots[1] = 7;            /* [data-race] */
  return NULL;
}

int
main (void)
{
  struct ring *q = calloc (1, sizeof *q + 4 * sizeof q->slots[0]);
  pthread_t a, b;
  pthread_create (&a, NULL, put, q);
  pthread_create (&b, NULL, put, q);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  free (q);
  return 0;
}
