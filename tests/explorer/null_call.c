/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * null_call — the worker takes a callback under the lock, unlocks, and
 * calls it: if it runs before main stores the callback, it calls NULL.
 * The crash is at the call, not at the unlock before it, the worker's
 * last step (test-abort.sh).
 */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static void (*callback) (void);

static void
hello (void)
{
}

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  void (*f) (void) = callback;
  pthread_mutex_unlock (&m);
  f ();   /* [crash] */
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_mutex_lock (&m);
  callback = hello;
  pthread_mutex_unlock (&m);
  pthread_join (t, NULL);
  return 0;
}
