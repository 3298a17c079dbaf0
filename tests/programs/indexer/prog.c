/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * indexer — the classic DPOR benchmark of Flanagan and Godefroid (POPL 2005),
 * also used in the inspect paper: N threads insert 4 messages each into a
 * shared hash table of 128 slots.  Message m of thread tid is m*11 + tid, its
 * hash (w*7) % 128; a thread probes linearly from the hash with a
 * compare-and-swap until it claims an empty slot.  Hashes collide only when
 * there are many threads: an explorer that runs each Mazurkiewicz trace once
 * runs 64, 512 and 4,096 executions at 13, 14 and 15 threads.  Bug-free.
 *
 * Usage: prog [THREADS]   (default 13)
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#define SIZE 128
#define MAX 4
#define MAX_THREADS 32

static int table[SIZE];

static int
cas (int *slot, int expected, int desired)
{
  return __atomic_compare_exchange_n (slot, &expected, desired, 0,
                                      __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

static void *
indexer (void *arg)
{
  int tid = (int) (intptr_t) arg;
  for (int m = 1; m <= MAX; m++)
    {
      int w = m * 11 + tid;
      int h = (w * 7) % SIZE;
      while (!cas (&table[h], 0, w))
        h = (h + 1) % SIZE;
    }
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 13;
  pthread_t t[MAX_THREADS];
  if (n < 1 || n > MAX_THREADS)
    return 2;
  for (int i = 0; i < n; i++)
    pthread_create (&t[i], NULL, indexer, (void *) (intptr_t) i);
  for (int i = 0; i < n; i++)
    pthread_join (t[i], NULL);
  return 0;
}
