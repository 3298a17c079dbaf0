/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * race_then_spin — two races in a row: main reads `flag` (harmless either
 * way), then copies `go` and spins on its copy if the worker had not set
 * it yet.  The recorded run ends (a pause lets the worker write first);
 * some executions after the race on `flag` hang.  Its re-execution must
 * not say that nothing failed after it (test-budget.sh).
 */
#include <pthread.h>
#include <unistd.h>

static int flag, go;

static void *
worker (void *arg)
{
  (void) arg;
  flag = 1;
  go = 1;
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  usleep (100000);
  int seen = flag;
  int g = go;
  while (!g)
    ;
  pthread_join (t, NULL);
  return seen && !seen;   /* 0: the race on flag is harmless */
}
