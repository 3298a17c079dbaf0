/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A program that maps memory itself: the execution server could not take
 * such a mapping back between executions, so that execution and the later
 * ones run as forked processes.  The threads share the mapped counter
 * without synchronisation: the bug.
 */
#include <pthread.h>
#include <sys/mman.h>

static int *shared;

static void *
worker (void *arg)
{
  (void) arg;
  (*shared)++;
  return NULL;
}

int
main (void)
{
  shared = mmap (NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED)
    return 1;
  pthread_t t[2];
  for (int k = 0; k < 2; k++)
    pthread_create (&t[k], NULL, worker, NULL);
  for (int k = 0; k < 2; k++)
    pthread_join (t[k], NULL);
  munmap (shared, 4096);
  return 0;
}
