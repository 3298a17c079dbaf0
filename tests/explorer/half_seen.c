/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * half_seen — a writer updates a pair, each half in its own critical
 * section (as a writer holding only a read lock would be unprotected);
 * the reader takes both halves under one lock, and main finds them apart
 * once both threads are done.  The
 * reader is the one that sees one update and not the other, not the
 * writer (test-explore.sh).
 */
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x, y;
static int seen_x, seen_y;

static void *
writer (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  x = 1;
  pthread_mutex_unlock (&m);
  pthread_mutex_lock (&m);
  y = 1;
  pthread_mutex_unlock (&m);
  return NULL;
}

static void *
reader (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  seen_x = x;
  seen_y = y;
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t w, r;
  pthread_create (&w, NULL, writer, NULL);
  pthread_create (&r, NULL, reader, NULL);
  pthread_join (w, NULL);
  pthread_join (r, NULL);
  assert (seen_x == seen_y);   /* [assertion] */
  return 0;
}
