/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * destroy_in_use — main destroys the mutex that guards the statistics
 * right after it asked the worker to stop, without waiting for it: the
 * worker may still lock the destroyed mutex (or hold it when it is
 * destroyed).
 */
#include <pthread.h>

static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static int stats;
static volatile int stop;

static void *
worker (void *unused)
{
  pthread_mutex_lock (&stats_lock);             /* [misuse:use-after-destroy] */
  stats++;
  pthread_mutex_unlock (&stats_lock);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  stop = 1;
  pthread_mutex_destroy (&stats_lock);          /* the worker may still use it */
  pthread_join (t, NULL);
  return 0;
}
