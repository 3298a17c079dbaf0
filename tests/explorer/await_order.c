/* main polls `alive` and writes `v = 1` in each iteration; two workers
 * each take the post (`v = 0` under a mutex) and count themselves out.
 * Await (runtime/rt-sched-await.c) parks main once an iteration repeats
 * the one before, and what it decides depends on the schedule, not only on
 * the trace: in an execution where main's `v = 1` follows the second
 * worker's `alive--` (and its exit), moving that write before them, an
 * equivalent schedule, makes main park early, be woken by the other
 * worker's `alive--` and make one iteration more before it parks for
 * good (Await checks an iteration when main publishes its next
 * step, and a write that falls between the publication and the step is
 * seen by neither that check nor the next).  Optimal and dpor run
 * different schedules of a trace, see different continuations and
 * complete different sets of traces (tests/explorer/test-modes.c,
 * known_gaps).  Bugs: the data races on `alive` and `v`, and the lost
 * update of `alive` that leaves main waiting for ever (a hang). */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static volatile int v;
static volatile int alive = 2;

static void *
worker (void *arg)
{
  pthread_mutex_lock (&m);
  v = 0;                                        /* [data-race] */
  pthread_mutex_unlock (&m);
  alive--;                                      /* [data-race] */
  return arg;
}

int
main (void)
{
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  while (alive > 0)                             /* [data-race] */
    v = 1;                                      /* [data-race] */
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  return 0;
}
