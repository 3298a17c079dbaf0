/* pthread_tryjoin_np and pthread_timedjoin_np can fail: EBUSY, ETIMEDOUT
 * when the thread has not ended.  augur's explorer made them wait as
 * pthread_join does, so a program that assumed they succeed was
 * "complete, 0 findings".  Main creates a worker and tries to join it
 * once (mode t: tryjoin; d: timedjoin with a 1 s deadline) and asserts
 * that it joined: it fails when the try comes before the worker's end.
 * The correct forms retry until the join succeeds (mode T: tryjoin and
 * sched_yield; D: timedjoin until one deadline, then again), then check
 * the worker's result and its store: complete, no finding, no hang.
 * Mode n: a timedjoin with no deadline (NULL) waits as a join. */
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stddef.h>
#include <time.h>

static int x;

static void *
worker (void *arg)
{
  x = 1;
  return arg;
}

static int
timed (pthread_t t, void **res, const struct timespec *ts)
{
  int r = pthread_timedjoin_np (t, res, ts);
  assert (r == 0 || r == ETIMEDOUT);
  return r;
}

int
main (int argc, char **argv)
{
  char mode = argc > 1 ? argv[1][0] : 't';
  pthread_t t;
  void *res = NULL;
  int r;
  struct timespec ts;
  clock_gettime (CLOCK_REALTIME, &ts);
  ts.tv_sec += 1;
  pthread_create (&t, NULL, worker, &x);
  if (mode == 't' || mode == 'd')
    {
      r = mode == 't' ? pthread_tryjoin_np (t, &res) : timed (t, &res, &ts);
      if (r != 0)
        pthread_join (t, &res);   /* still joinable */
      assert (r == 0);
    }
  else if (mode == 'T')
    while ((r = pthread_tryjoin_np (t, &res)) == EBUSY)
      sched_yield ();
  else if (mode == 'D')
    while ((r = timed (t, &res, &ts)) != 0)
      ;
  else
    r = pthread_timedjoin_np (t, &res, NULL);
  assert (r == 0 && res == &x && x == 1);
  return 0;
}
