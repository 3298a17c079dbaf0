/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A thread ends the whole program with exit() while main waits to join
 * it: that is a normal end (status 0), not a deadlock, whether the
 * execution is a process of its own or one of many in the execution
 * server.  The unsynchronised `racy` makes the executions several: four,
 * since the process ends only once the other threads could not run on
 * (every order of the two increments).
 */
#include <pthread.h>
#include <stdlib.h>

static int racy;

static void *
quitter (void *arg)
{
  (void) arg;
  racy++;
  exit (0);
}

static void *
worker (void *arg)
{
  (void) arg;
  racy++;
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, quitter, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
