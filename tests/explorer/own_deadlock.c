/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * own_deadlock — main spins until a worker has counted itself in, then
 * waits on a condition variable nobody signals: it hangs in every
 * interleaving, whatever the spin loop read.  The spin loop's R-W-R and
 * the race on `alive` are predicted, and re-executed they are followed by
 * the hang; but the default schedule hangs the same way (main waiting at
 * the same place), so neither is what makes the program fail: benign.
 */
#include <pthread.h>
#include <stddef.h>

static volatile int alive;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  alive += 1;
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  while (alive != 1)
    ;
  pthread_mutex_lock (&m);
  pthread_cond_wait (&c, &m);   /* never signalled */
  pthread_mutex_unlock (&m);
  return 0;
}
