/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * flag_lost_update — a benign race next to a real bug.  Each worker marks
 * a "started" flag without a lock (both write 1: whatever the order, the
 * flag ends set), then adds to a total
 * with the read and the write in two critical sections: an update can be
 * lost and main's assertion fails.  The failure comes from the split
 * update, in either order of the flag's accesses: augur must blame the
 * lost update for it and report the flag's race on its own, not as a
 * cause.
 */
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int started;
static int total;

static void *
worker (void *arg)
{
  (void) arg;
  started = 1;                                  /* [data-race] */
  pthread_mutex_lock (&lock);
  int seen = total;                             /* [atomicity-violation] */
  pthread_mutex_unlock (&lock);
  pthread_mutex_lock (&lock);
  total = seen + 1;                             /* [atomicity-violation] */
  pthread_mutex_unlock (&lock);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, worker, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (total == 2);                          /* [assertion] */
  return 0;
}
