/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * testc — after the "testc" program of ConcBugAssist's evaluation (its Table
 * 1: an SV-COMP program, 19 lines, 2 threads, an order violation; the paper
 * gives no more detail, so the scenario is our own instance of that kind).
 * main starts a worker and only then sets up the configuration the worker
 * reads.  The worker normally starts late enough to see it; if it runs first
 * it reads the unset value.
 */
#include <assert.h>
#include <pthread.h>

static int limit;

static void *
worker (void *unused)
{
  int l = limit;                                /* [data-race] */
  assert (l == 8);                              /* [assertion] */
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  limit = 8;                                    /* [data-race] */
  pthread_join (t, NULL);
  return 0;
}
