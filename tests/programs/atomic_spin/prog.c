/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * atomic_spin — a worker publishes its result and then a C11 atomic flag;
 * the main thread spins on the flag and checks the result.  The worker
 * raises the flag before it stores the result, so the check can fail.  A
 * checker that runs the spin step by step never gets past it.
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

static atomic_int ready;
static atomic_int result;

static void *
worker (void *unused)
{
  atomic_store (&ready, 1);                     /* too early */
  atomic_store (&result, 42);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  while (!atomic_load (&ready))
    ;
  assert (atomic_load (&result) == 42);         /* [assertion] */
  pthread_join (t, NULL);
  return 0;
}
