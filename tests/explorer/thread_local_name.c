/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A local of a spawned thread (the worker's `slot`), published to main
 * under a lock and then written by its owner without it: main's read
 * races with that write.  No thread creation walks the worker's stack,
 * which creates nothing; the name comes from the walks at its own lock
 * calls, one of them made from publish(), inlined into the worker (the
 * walk's frame is the worker's, its scopes reached through the inlined
 * call).  Found as "access slot", not "T1.stack-0x...".
 */
#include <pthread.h>
#include <stddef.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int *shared;
static int done;

static inline __attribute__ ((always_inline)) void
publish (int *p)
{
  pthread_mutex_lock (&m);
  shared = p;
  pthread_mutex_unlock (&m);
}

static void *
worker (void *arg)
{
  int slot = 1;
  (void) arg;
  publish (&slot);
  slot = 2;                     /* races with main's read */
  pthread_mutex_lock (&m);
  while (!done)
    pthread_cond_wait (&c, &m);
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  int seen = 0;
  pthread_create (&t, NULL, worker, NULL);
  pthread_mutex_lock (&m);
  int *p = shared;
  pthread_mutex_unlock (&m);
  if (p != NULL)
    seen = *p;
  pthread_mutex_lock (&m);
  done = 1;
  pthread_cond_signal (&c);
  pthread_mutex_unlock (&m);
  pthread_join (t, NULL);
  return seen == 3;
}
