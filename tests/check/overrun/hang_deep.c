/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * hang_deep — hangs natively in every run: the worker counts to 300,000
 * before it waits for a condition signal that main sent long before (a
 * lost wake-up, without a predicate).  Every explored run is cut by the
 * step bound (200,000 steps) before the worker reaches its wait, so no
 * explored run hangs: augur cannot reproduce the hang and must say so
 * (incomplete), never "no bug".
 */
#include <pthread.h>
#include <stdatomic.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake = PTHREAD_COND_INITIALIZER;
static atomic_uint progress;

static void *
worker (void *arg)
{
  (void) arg;
  for (unsigned i = 0; i < 300000; i++)
    atomic_fetch_add (&progress, 1);
  pthread_mutex_lock (&lock);
  pthread_cond_wait (&wake, &lock);
  pthread_mutex_unlock (&lock);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_mutex_lock (&lock);
  pthread_cond_signal (&wake);
  pthread_mutex_unlock (&lock);
  pthread_join (t, NULL);
  return 0;
}
