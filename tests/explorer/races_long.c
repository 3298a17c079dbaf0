/* Many data races in one long execution: two threads each fill a buffer
 * of their own (every write a step), then write the same 12 shared
 * counters, each on a line of its own.  The first execution finds 12
 * races, each with a schedule of
 * tens of thousands of steps, and the search then runs for minutes (each
 * race doubles what is left).  The results file must hold every race
 * found while the search still runs (explore-findings.c: saves come at
 * most once per twice the last one's time, the rest after the
 * execution).
 *
 * Usage: races_long [FILL]   (default 20000) */
#include <pthread.h>
#include <stdlib.h>

int c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11;
static int fill;

static void *
work (void *arg)
{
  int *own = malloc (fill * sizeof *own);
  for (int i = 0; i < fill; i++)
    own[i] = i + (int) (long) arg;
  c0 += own[0];     /* [data-race] */
  c1 += own[1];     /* [data-race] */
  c2 += own[2];     /* [data-race] */
  c3 += own[3];     /* [data-race] */
  c4 += own[4];     /* [data-race] */
  c5 += own[5];     /* [data-race] */
  c6 += own[6];     /* [data-race] */
  c7 += own[7];     /* [data-race] */
  c8 += own[8];     /* [data-race] */
  c9 += own[9];     /* [data-race] */
  c10 += own[10];   /* [data-race] */
  c11 += own[11];   /* [data-race] */
  free (own);
  return NULL;
}

int
main (int argc, char **argv)
{
  fill = argc > 1 ? atoi (argv[1]) : 20000;
  if (fill < 12)
    fill = 12;
  pthread_t a, b;
  pthread_create (&a, NULL, work, (void *) 1L);
  pthread_create (&b, NULL, work, (void *) 2L);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
