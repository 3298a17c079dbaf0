/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * barrier — after the "barrier" program of ConcBugAssist's evaluation (its
 * Table 1: an SV-COMP program, 4 threads, an order violation around a
 * barrier; the scenario is our own instance of that kind).  Three workers
 * each sum a slice of an array and meet at a barrier before worker 0 adds
 * the partial sums up.  The workers publish their partial sum after the
 * barrier instead of before it, so worker 0 can add up a slot that is not
 * written yet: the barrier orders nothing that matters.
 */
#include <assert.h>
#include <pthread.h>

#define WORKERS 3
#define SLICE 4

static int data[WORKERS * SLICE];
static int partial[WORKERS];
static pthread_barrier_t phase;

static void *
worker (void *arg)
{
  int id = (int) (long) arg, s = 0;
  for (int i = id * SLICE; i < (id + 1) * SLICE; i++)
    s += data[i];
  pthread_barrier_wait (&phase);
  partial[id] = s;                              /* [data-race] */
  if (id == 0)
    {
      int total = 0;
      for (int i = 0; i < WORKERS; i++)
        total += partial[i];                    /* [data-race] */
      assert (total == WORKERS * SLICE);        /* [assertion] */
    }
  return NULL;
}

int
main (void)
{
  pthread_t t[WORKERS];
  for (int i = 0; i < WORKERS * SLICE; i++)
    data[i] = 1;
  pthread_barrier_init (&phase, NULL, WORKERS);
  for (long i = 0; i < WORKERS; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  for (int i = 0; i < WORKERS; i++)
    pthread_join (t[i], NULL);
  pthread_barrier_destroy (&phase);
  return 0;
}
