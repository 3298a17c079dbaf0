/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * splash_radix — a bug-free kernel in the style of SPLASH-2's radix sort:
 * each thread histograms its part of the keys for one digit, a barrier, then
 * thread 0 computes the prefix sums (ranks) while the others wait at a second
 * barrier, then each thread scatters its keys to their ranks.  Every shared
 * write is separated from the conflicting reads by a barrier or owned by one
 * thread, so no ordering changes the result.
 *
 * Usage: prog [THREADS]   (default 2)
 */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#define KEYS 8
#define RADIX 4
#define MAX_THREADS 4

static int nthreads;
static unsigned keys[KEYS] = { 13, 2, 7, 0, 9, 4, 15, 6 };
static unsigned sorted[KEYS];
static int hist[MAX_THREADS][RADIX];
static int rank[MAX_THREADS][RADIX];
static pthread_barrier_t bar;

static void *
worker (void *arg)
{
  int id = (int) (intptr_t) arg;
  int per = KEYS / nthreads;
  int lo = id * per, hi = lo + per;

  for (int i = lo; i < hi; i++)
    hist[id][keys[i] % RADIX]++;
  pthread_barrier_wait (&bar);
  if (id == 0)
    {
      int sum = 0;
      for (int d = 0; d < RADIX; d++)
        for (int t = 0; t < nthreads; t++)
          {
            rank[t][d] = sum;
            sum += hist[t][d];
          }
    }
  pthread_barrier_wait (&bar);
  for (int i = lo; i < hi; i++)
    sorted[rank[id][keys[i] % RADIX]++] = keys[i];
  return NULL;
}

int
main (int argc, char **argv)
{
  pthread_t t[MAX_THREADS];
  nthreads = argc > 1 ? atoi (argv[1]) : 2;
  if (nthreads < 1 || nthreads > MAX_THREADS || KEYS % nthreads != 0)
    return 2;
  pthread_barrier_init (&bar, NULL, (unsigned) nthreads);
  for (int i = 0; i < nthreads; i++)
    pthread_create (&t[i], NULL, worker, (void *) (intptr_t) i);
  for (int i = 0; i < nthreads; i++)
    pthread_join (t[i], NULL);
  pthread_barrier_destroy (&bar);
  for (int i = 1; i < KEYS; i++)
    assert (sorted[i - 1] % RADIX <= sorted[i] % RADIX);
  return 0;
}
