/* A race whose two accesses lie more than 100,000 events apart: the
 * reader checks the queue's length under the lock and waits; the writer
 * fills a buffer of its own (every write an event), then appends to the
 * queue without the lock and takes the lock only to signal.  The
 * predictor's windows would span all of the writer's buffer, too many
 * events to encode; delaying the reader's thread until just before the
 * append reaches the race (predictor/delay.c).  That needs a run where
 * the reader checked and waited before the writer began its fill; main
 * says so (by the clock: no shared memory between the two threads, which
 * would order them), and the test records until it does (a reader that
 * checks late puts the two accesses closer, or side by side). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define FILL 120000

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t more = PTHREAD_COND_INITIALIZER;
static int length, items[4], waited;
static struct timespec checked, filling;
int total;

static int
before (const struct timespec *a, const struct timespec *b)
{
  return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

static void *
reader (void *arg)
{
  clock_gettime (CLOCK_MONOTONIC, &checked);
  pthread_mutex_lock (&lock);
  while (length == 0)                    /* [data-race] */
    {
      waited = 1;
      pthread_cond_wait (&more, &lock);
    }
  total += items[--length];
  pthread_mutex_unlock (&lock);
  return arg;
}

static void *
writer (void *arg)
{
  volatile int *buffer = malloc (FILL * sizeof *buffer);
  int sum = 0;
  clock_gettime (CLOCK_MONOTONIC, &filling);
  for (int i = 0; i < FILL; i++)
    buffer[i] = i;
  sum += buffer[FILL / 2];
  free ((void *) buffer);
  items[length] = sum;
  length++;                              /* [data-race] no lock */
  pthread_mutex_lock (&lock);
  pthread_cond_signal (&more);
  pthread_mutex_unlock (&lock);
  return arg;
}

int
main (void)
{
  pthread_t r, w;
  pthread_create (&r, NULL, reader, NULL);
  pthread_create (&w, NULL, writer, NULL);
  pthread_join (r, NULL);
  pthread_join (w, NULL);
  if (waited && before (&checked, &filling))
    puts ("the reader waited before the fill");
  return total == 60000 ? 0 : 1;
}
