/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * splash_lu — a bug-free kernel in the style of SPLASH-2's LU factorisation:
 * rows are dealt cyclically to the threads; at step k every thread eliminates
 * column k from the rows it owns below k, and a barrier separates the steps
 * so that row k is final before anyone reads it.  A lock-protected counter of eliminations is
 * checked at the end.
 *
 * Usage: prog [THREADS]   (default 2)
 */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#define N 4
#define MAX_THREADS 4

static int nthreads;
static double a[N][N] = {
  { 4, 3, 2, 1 }, { 3, 4, 3, 2 }, { 2, 3, 4, 3 }, { 1, 2, 3, 4 },
};
static long eliminations;
static pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_barrier_t bar;

static void *
worker (void *arg)
{
  int id = (int) (intptr_t) arg;
  for (int k = 0; k < N - 1; k++)
    {
      long mine = 0;
      for (int i = k + 1; i < N; i++)
        {
          if (i % nthreads != id)
            continue;
          double f = a[i][k] / a[k][k];
          for (int j = k; j < N; j++)
            a[i][j] -= f * a[k][j];
          mine++;
        }
      pthread_mutex_lock (&count_lock);
      eliminations += mine;
      pthread_mutex_unlock (&count_lock);
      pthread_barrier_wait (&bar);
    }
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
  assert (eliminations == N * (N - 1) / 2);
  for (int i = 1; i < N; i++)
    for (int j = 0; j < i; j++)
      assert (a[i][j] < 1e-9 && a[i][j] > -1e-9);
  return 0;
}
