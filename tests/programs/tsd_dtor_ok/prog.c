/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tsd_dtor_ok — the fix of tsd_dtor: the destructor takes the lock too.
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
  pthread_mutex_lock (&m);
  total += *count;
  pthread_mutex_unlock (&m);
  free (count);
}

static void *
worker (void *unused)
{
  int *count = malloc (sizeof *count);
  *count = 1;
  pthread_setspecific (key, count);
  pthread_mutex_lock (&m);
  total += 1;
  pthread_mutex_unlock (&m);
  return NULL;
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
  assert (total == 4);
  return 0;
}
