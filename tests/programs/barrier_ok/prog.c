/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * barrier_ok — the fix of barrier: each worker publishes its partial sum
 * before it waits at the barrier, so the barrier orders every write before
 * worker 0's reads.
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
  partial[id] = s;
  pthread_barrier_wait (&phase);
  if (id == 0)
    {
      int total = 0;
      for (int i = 0; i < WORKERS; i++)
        total += partial[i];
      assert (total == WORKERS * SLICE);
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
