/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * predict-workload.c — the program `make bench-predict` records: four
 * threads, about 10^6 events in all.  Each thread works on its own slice
 * of an array (private data), updates a lock-protected total, meets the
 * others at a barrier every 64 rounds, and bumps an unprotected hit
 * counter now and then (the atomicity violation and race to predict).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define THREADS 4
#define SLICE 64

static int rounds = 6000;
static long data[THREADS * SLICE];
static long total;
static long hits;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_barrier_t barrier;

static void *
worker (void *arg)
{
  long id = (long) arg;
  long *mine = &data[id * SLICE];
  for (int r = 0; r < rounds; r++)
    {
      long sum = 0;
      for (int i = 0; i < 8; i++)
        {
          mine[(r + i) % SLICE] += i;
          sum += mine[(r * 7 + i) % SLICE];
        }
      pthread_mutex_lock (&total_lock);
      total += sum;
      pthread_mutex_unlock (&total_lock);
      if (r % 500 == 0)
        hits = hits + 1;
      if (r % 64 == 63)
        pthread_barrier_wait (&barrier);
    }
  return NULL;
}

int
main (int argc, char **argv)
{
  pthread_t t[THREADS];
  if (argc > 1)
    rounds = atoi (argv[1]);
  pthread_barrier_init (&barrier, NULL, THREADS);
  for (long i = 0; i < THREADS; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  for (int i = 0; i < THREADS; i++)
    pthread_join (t[i], NULL);
  printf ("%ld %ld\n", total, hits);
  return 0;
}
