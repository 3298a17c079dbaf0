/* Two threads fill and sum a buffer of their own (600,000 accesses in
 * all), then count themselves under a lock.  Without static facts each
 * access is a scheduling step and the first run hits the step bound: the
 * search could only say "incomplete", and a --max-steps above the
 * scheduler's page (262,144 steps) was cut to it silently.  With the
 * facts of `augur static --program` the buffers' accesses are no steps:
 * 2 executions (the two lock orders), complete. */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

#define N 150000

static int done;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static volatile unsigned sink;

static void *
work (void *arg)
{
  unsigned *buf = malloc (N * sizeof *buf);
  for (int i = 0; i < N; i++)
    buf[i] = (unsigned) i * 2654435761u;
  unsigned s = 0;
  for (int i = 0; i < N; i++)
    s += buf[i];
  free (buf);
  pthread_mutex_lock (&m);
  done++;
  sink = s;
  pthread_mutex_unlock (&m);
  return arg;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, work, NULL);
  pthread_create (&b, NULL, work, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (done == 2);
  return 0;
}
