/* SPDX-License-Identifier: GPL-3.0-or-later
 * main allocates one job object and hands it to two workers, which both
 * write its result field: the heap object (named by its allocation site)
 * is shared and the writes race.  Each worker's own scratch buffer is
 * allocated by the worker and stays private. */
#include <pthread.h>
#include <stdlib.h>

struct job
{
  int input;
  int result;
};

static void *
worker (void *arg)
{
  struct job *job = arg;
  int *scratch = malloc (sizeof *scratch);
  *scratch = job->input;
  job->result = *scratch * 2;
  free (scratch);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  struct job *job = malloc (sizeof *job);
  job->input = 21;
  pthread_create (&a, NULL, worker, job);
  pthread_create (&b, NULL, worker, job);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  free (job);
  return 0;
}
