/* race_heap's race after N allocations that main frees at once ("free")
 * or keeps ("keep"): the explorer's object log (64 Ki events) must stay
 * small for the first and may overflow for the second.
 *
 * Usage: race_heap_many N free|keep */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

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
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 0;
  int keep = argc > 2 && strcmp (argv[2], "keep") == 0;
  for (int i = 0; i < n; i++)
    {
      void *volatile p = malloc (16);
      if (!keep)
        free (p);
    }
  struct queue *q = calloc (1, sizeof *q);
  pthread_t a, b;
  pthread_create (&a, NULL, push, q);
  pthread_create (&b, NULL, push, q);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  free (q);
  return 0;
}
