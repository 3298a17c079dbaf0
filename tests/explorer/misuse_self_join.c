/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * misuse_self_join — a worker joins itself (as a pool's destroy called
 * from one of its own tasks does): glibc returns EDEADLK at once, the
 * worker goes on, and main's join of it later succeeds.  One misuse, no
 * deadlock, no double join (test-lock-misuse.sh).
 */
#include <assert.h>
#include <errno.h>
#include <pthread.h>

static int self_join;

static void *
worker (void *arg)
{
  (void) arg;
  self_join = pthread_join (pthread_self (), NULL);   /* [misuse:self-join] */
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  int r = pthread_join (t, NULL);
  assert (r == 0 && self_join == EDEADLK);
  return 0;
}
