/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * lock_before_init — a module initialises its global lock in an init
 * function that main calls after it started the worker: the worker can
 * lock the zero-filled mutex first, and the init then resets a mutex that
 * is held (in glibc a zero mutex happens to work, so nothing crashes).
 */
#include <pthread.h>

static pthread_mutex_t lock;                    /* no initialiser */
static int count;

static void
module_init (void)
{
  pthread_mutex_init (&lock, NULL);             /* [misuse:init-in-use] */
}

static void *
worker (void *unused)
{
  pthread_mutex_lock (&lock);
  count++;
  pthread_mutex_unlock (&lock);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  module_init ();                               /* too late */
  pthread_mutex_lock (&lock);
  count++;
  pthread_mutex_unlock (&lock);
  pthread_join (t, NULL);
  pthread_mutex_destroy (&lock);
  return 0;
}
