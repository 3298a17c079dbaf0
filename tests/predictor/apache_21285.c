/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * apache_21285 — modelled on Apache 21285 from McPatom's bug list
 * (mod_mem_cache's cache size accounting): inserting an object reads the
 * cache's current size (line 23) and writes back the sum (line 24) with no
 * lock, so a concurrent insert's update can be lost (R-W-W on
 * cache.current_size).  The recorded run inserts one object after the other.
 */
#include <assert.h>
#include <pthread.h>

typedef struct {
  long current_size;
  long max_size;
} Cache;

static Cache cache = { 0, 1 << 20 };

static void *
cache_insert (void *arg)
{
  long size = (long) arg;
  long cur = cache.current_size;
  cache.current_size = cur + size;
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
  assert (cache.current_size == 300);
  return 0;
}
