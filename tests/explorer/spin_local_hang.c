/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * spin_local_hang — main copies a flag once and spins on its copy, so if
 * it read the flag before the worker set it, it spins for ever with no
 * visible access: a hang only a watchdog that waits for a step can call
 * one (test-executor.sh).  As tests on real code do when a compiler
 * hoists the load of a plain flag out of the loop.
 */
#include <pthread.h>

static int flag;

static void *
worker (void *arg)
{
  (void) arg;
  flag = 1;
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  int seen = flag;
  while (!seen)
    ;
  pthread_join (t, NULL);
  return 0;
}
