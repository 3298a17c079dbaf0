/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tsd_dtor — each worker keeps a per-thread buffer in thread-specific
 * data; the key's destructor, which runs when the thread exits, adds the
 * buffer's count to a global total without taking the lock the workers
 * use for it.  The destructor's update races with the other worker's
 * locked one and can lose it.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

static pthread_key_t key;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int total;

static void
flush (void *p)
{
  int *count = p;
  total += *count;                              /* [data-race] [atomicity-violation] */
  free (count);
}

static void *
worker (void *unused)
{
  int *count = malloc (sizeof *count);
  *count = 1;
  pthread_setspecific (key, count);
  pthread_mutex_lock (&m);
  total += 1;                                   /* [data-race] [atomicity-violation] */
  pthread_mutex_unlock (&m);
  return NULL;                                  /* flush runs now */
}

int
main (void)
{
  pthread_t a, b;
  pthread_key_create (&key, flush);
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, worker, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (total == 4);                          /* [assertion] */
  return 0;
}
