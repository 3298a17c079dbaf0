/* A race after a long single-threaded start: main fills a table of
 * 300,000 entries before it starts the worker, then reads a flag the
 * worker sets without the lock main holds.  The recorded trace is longer
 * than a schedule may be, so the predictor keeps only the window around
 * the race, and such a schedule cannot be re-executed from the program's
 * start: the race stays a warning, "not re-executed", instead of being
 * left in predictions.json alone. */
#include <pthread.h>
#include <stdio.h>

#define FILL 300000

static int table[FILL];
static int ready;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *
worker (void *arg)
{
  ready = 1;                          /* no lock */
  return arg;
}

int
main (void)
{
  for (int i = 0; i < FILL; i++)
    table[i] = i;
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_mutex_lock (&lock);
  int seen = ready;
  pthread_mutex_unlock (&lock);
  pthread_join (t, NULL);
  printf ("%d %d\n", seen, table[FILL - 1]);
  return 0;
}
