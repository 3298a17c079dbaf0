/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * wrapper_inversion — a registry's "visit" takes the registry lock and
 * then an entry's lock, inside one helper that a worker calls and main
 * calls again after the join; main's "register" takes the entry's lock
 * first and then the registry's.  Main's two orders cannot deadlock with
 * themselves: the inversion is between the worker's visit and main's
 * register, and the warning must tell the worker's acquisitions with the
 * worker's call site, not with main's later call of the same helper
 * (tests/unit/test-lock-graph.c checks the callers).  The worker runs
 * after main registered: no run deadlocks.
 */
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t registry = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t entry = PTHREAD_MUTEX_INITIALIZER;
static int entries, visits;

static void
visit_all (void)
{
  pthread_mutex_lock (&registry);          /* [lock-order-inversion] */
  pthread_mutex_lock (&entry);             /* [lock-order-inversion] */
  visits += entries;
  pthread_mutex_unlock (&entry);
  pthread_mutex_unlock (&registry);
}

static void
register_entry (void)
{
  pthread_mutex_lock (&entry);             /* [lock-order-inversion] */
  pthread_mutex_lock (&registry);          /* [lock-order-inversion] */
  entries++;
  pthread_mutex_unlock (&registry);
  pthread_mutex_unlock (&entry);
}

static void *
worker (void *unused)
{
  (void) unused;
  visit_all ();
  return NULL;
}

int
main (void)
{
  register_entry ();
  pthread_t w;
  pthread_create (&w, NULL, worker, NULL);
  pthread_join (w, NULL);
  visit_all ();
  printf ("%d\n", visits);
  return 0;
}
