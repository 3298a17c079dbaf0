/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * exit_assume — a benchmark-style assumption: a checker thread ends the
 * whole program with exit(0) when the state it assumes does not hold (no
 * job done yet).  In the schedule where it runs first the program ends
 * cleanly, but until exit() really ends the process the two workers may
 * run on, and their unsynchronised increments lose an update that main's
 * check, in the schedules where the checker finds work done, reports.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

static int done;

static void *
checker (void *unused)
{
  if (done == 0)                                /* [data-race] */
    exit (0);                                   /* assume (done > 0) */
  return NULL;
}

static void *
worker (void *unused)
{
  int t = done;                                 /* [data-race] [atomicity-violation] */
  done = t + 1;                                 /* [data-race] [atomicity-violation] */
  return NULL;
}

int
main (void)
{
  pthread_t c, a, b;
  pthread_create (&c, NULL, checker, NULL);
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, worker, NULL);
  pthread_join (c, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (done == 2);                           /* [assertion] */
  return 0;
}
