/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * splash_fft — a bug-free kernel in the style of SPLASH-2's FFT: an in-place
 * radix-2 butterfly network over 8 integers (a Walsh-Hadamard transform, the
 * FFT's data-flow without the twiddle factors).  In each stage every thread
 * computes the butterflies it owns; a barrier separates the stages so no
 * thread reads a value of the current stage before it is written.  Applying
 * the transform twice gives the input times 8, which is checked.
 *
 * Usage: prog [THREADS]   (default 2)
 */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#define N 8
#define STAGES 3
#define MAX_THREADS 4

static int nthreads;
static long x[N] = { 1, 2, 3, 4, 5, 6, 7, 8 };
static pthread_barrier_t bar;

static void
transform (int id)
{
  for (int s = 0; s < STAGES; s++)
    {
      int span = 1 << s;
      /* butterfly b pairs (i, i + span) */
      for (int b = id; b < N / 2; b += nthreads)
        {
          int i = (b / span) * 2 * span + b % span;
          long u = x[i], v = x[i + span];
          x[i] = u + v;
          x[i + span] = u - v;
        }
      pthread_barrier_wait (&bar);
    }
}

static void *
worker (void *arg)
{
  int id = (int) (intptr_t) arg;
  transform (id);
  transform (id);
  return NULL;
}

int
main (int argc, char **argv)
{
  pthread_t t[MAX_THREADS];
  nthreads = argc > 1 ? atoi (argv[1]) : 2;
  if (nthreads < 1 || nthreads > MAX_THREADS)
    return 2;
  pthread_barrier_init (&bar, NULL, (unsigned) nthreads);
  for (int i = 0; i < nthreads; i++)
    pthread_create (&t[i], NULL, worker, (void *) (intptr_t) i);
  for (int i = 0; i < nthreads; i++)
    pthread_join (t[i], NULL);
  pthread_barrier_destroy (&bar);
  for (int i = 0; i < N; i++)
    assert (x[i] == 8 * (i + 1));
  return 0;
}
