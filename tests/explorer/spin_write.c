/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * spin_write — a thread spins on a flag another thread sets, counting its
 * iterations: every iteration writes, so it is not a loop that only waits
 * (runtime/rt-sched-await.c, "Await"), and an execution where the spinner runs
 * long is cut by the step bound; the exploration is then incomplete, and
 * says so.
 */
#include <pthread.h>

static volatile int flag;
static volatile int spins;

static void *
spin (void *arg)
{
  (void) arg;
  while (!flag)
    spins++;
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, spin, NULL);
  flag = 1;
  pthread_join (t, NULL);
  return 0;
}
