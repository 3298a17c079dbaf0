/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mysql_12848 — after the mysql-12848 program of ConcBugAssist's evaluation
 * (its Table 1: MySQL bug 12848, 2 threads, an atomicity violation).  Our
 * scenario, as we recall the report (not checked against it), is a crash
 * in the query cache while its size is changed: storing a result first
 * asks, under the cache lock, whether the cache is enabled, and then takes
 * the lock again to copy the result into the cache's memory.  Resizing the
 * cache in between frees that memory (and sets the size to zero) before
 * allocating the new one, so the store writes into a cache that is not
 * there.  main resizes the cache while a query thread stores a result.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  pthread_mutex_t lock;
  unsigned long size;
  char *memory;
  unsigned long used;
} QueryCache;

static QueryCache cache = { PTHREAD_MUTEX_INITIALIZER, 0, NULL, 0 };

static int
is_enabled (QueryCache *qc)
{
  pthread_mutex_lock (&qc->lock);
  int on = qc->size > 0;                        /* [atomicity-violation] */
  pthread_mutex_unlock (&qc->lock);
  return on;
}

static void
store_result (QueryCache *qc, const char *result)
{
  if (!is_enabled (qc))
    return;
  unsigned long len = strlen (result) + 1;
  pthread_mutex_lock (&qc->lock);
  assert (qc->size > 0 && qc->memory != NULL);  /* [assertion] [atomicity-violation] */
  if (qc->used + len <= qc->size)
    {
      memcpy (qc->memory + qc->used, result, len);
      qc->used += len;
    }
  pthread_mutex_unlock (&qc->lock);
}

static void
resize (QueryCache *qc, unsigned long size)
{
  pthread_mutex_lock (&qc->lock);
  free (qc->memory);
  qc->memory = NULL;
  qc->size = 0;                                 /* [atomicity-violation] */
  qc->used = 0;
  pthread_mutex_unlock (&qc->lock);
  /* ... flush the cached queries, which takes a while ... */
  pthread_mutex_lock (&qc->lock);
  qc->memory = malloc (size);
  qc->size = size;
  pthread_mutex_unlock (&qc->lock);
}

static void *
query (void *unused)
{
  store_result (&cache, "1 row");
  return NULL;
}

int
main (void)
{
  pthread_t q;
  resize (&cache, 1024);
  pthread_create (&q, NULL, query, NULL);
  resize (&cache, 4096);
  pthread_join (q, NULL);
  free (cache.memory);
  return 0;
}
