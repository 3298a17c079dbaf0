/* SPDX-License-Identifier: GPL-3.0-or-later
 * A worker hands the address of a global to a function whose body is not
 * among the sources: the analysis cannot see what it does, so the call
 * counts as a write to everything the pointer reaches (a candidate with
 * main's read while the worker runs) and is reported. */
#include <pthread.h>

extern void update_stats (int *stats);

static int stats;

static void *
worker (void *arg)
{
  update_stats (&stats);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  int seen = stats;
  pthread_join (t, NULL);
  return seen;
}
