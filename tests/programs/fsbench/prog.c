/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * fsbench — the file-system benchmark of Flanagan and Godefroid (POPL 2005),
 * "filesystem" in later DPOR papers and fsbench in the inspect paper: N
 * threads each allocate a disk block for inode tid % 32.  Inodes and blocks
 * each have a lock; a thread holding its inode's lock searches the 26 blocks
 * from (inode*2) % 26 for a free one, claims it and records it in the inode.
 * Bug-free; threads only conflict from 14 threads on (2, 8 and 32
 * interleavings at 14, 16 and 18 threads).
 *
 * Usage: prog [THREADS]   (default 14)
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#define NUMBLOCKS 26
#define NUMINODE 32
#define MAX_THREADS 32

static pthread_mutex_t locki[NUMINODE];
static pthread_mutex_t lockb[NUMBLOCKS];
static int inode[NUMINODE];
static int busy[NUMBLOCKS];

static void *
allocate (void *arg)
{
  int tid = (int) (intptr_t) arg;
  int i = tid % NUMINODE;
  pthread_mutex_lock (&locki[i]);
  if (inode[i] == 0)
    {
      int b = (i * 2) % NUMBLOCKS;
      for (;;)
        {
          pthread_mutex_lock (&lockb[b]);
          if (!busy[b])
            {
              busy[b] = 1;
              inode[i] = b + 1;
              pthread_mutex_unlock (&lockb[b]);
              break;
            }
          pthread_mutex_unlock (&lockb[b]);
          b = (b + 1) % NUMBLOCKS;
        }
    }
  pthread_mutex_unlock (&locki[i]);
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 14;
  pthread_t t[MAX_THREADS];
  if (n < 1 || n > MAX_THREADS)
    return 2;
  for (int i = 0; i < NUMINODE; i++)
    pthread_mutex_init (&locki[i], NULL);
  for (int i = 0; i < NUMBLOCKS; i++)
    pthread_mutex_init (&lockb[i], NULL);
  for (int i = 0; i < n; i++)
    pthread_create (&t[i], NULL, allocate, (void *) (intptr_t) i);
  for (int i = 0; i < n; i++)
    pthread_join (t[i], NULL);
  for (int i = 0; i < NUMINODE; i++)
    pthread_mutex_destroy (&locki[i]);
  for (int i = 0; i < NUMBLOCKS; i++)
    pthread_mutex_destroy (&lockb[i]);
  return 0;
}
