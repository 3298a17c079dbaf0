/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * exit_holding_wrapper — pull() takes the queue's lock through a thin
 * wrapper and returns early with it held (the unlock skipped); main then
 * waits for the lock for ever.  The deadlock must name where the holder
 * took the lock it still holds: at pull's call of the wrapper, not at the
 * wrapper's one line (kept out of line, as a wrapper in another file
 * would be; test-lock-misuse.sh).
 */
#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t q = PTHREAD_MUTEX_INITIALIZER;
static int len;

static __attribute__ ((noinline)) void
take (pthread_mutex_t *m)
{
  if (pthread_mutex_lock (m) != 0)
    abort ();
}

static __attribute__ ((noinline)) void
give (pthread_mutex_t *m)
{
  if (pthread_mutex_unlock (m) != 0)
    abort ();
}

static int
pull (void)
{
  take (&q);
  if (len == 0)
    return -1;   /* the unlock skipped */
  int r = len--;
  give (&q);
  return r;
}

static void *
worker (void *arg)
{
  (void) arg;
  pull ();
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_join (t, NULL);
  take (&q);   /* [deadlock] */
  give (&q);
  return 0;
}
