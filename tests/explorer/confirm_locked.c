/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * confirm_locked — tests/predictor/apache_21285 done right: the read and
 * the update of the cache size are one critical section.  Nothing can be
 * predicted that fails: augur confirm must find no harmful prediction.
 */
#include <assert.h>
#include <pthread.h>

static long current_size;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *
cache_insert (void *arg)
{
  pthread_mutex_lock (&lock);
  long cur = current_size;
  current_size = cur + (long) arg;
  pthread_mutex_unlock (&lock);
  return NULL;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, cache_insert, (void *) 100L);
  pthread_create (&t2, NULL, cache_insert, (void *) 200L);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  assert (current_size == 300);
  return 0;
}
