/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mysql_12848_ok — the fix of mysql_12848: whether the cache is enabled is
 * decided in the same critical section that stores the result, so a resize
 * cannot come between the check and the copy.
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

static void
store_result (QueryCache *qc, const char *result)
{
  unsigned long len = strlen (result) + 1;
  pthread_mutex_lock (&qc->lock);
  if (qc->size > 0)
    {
      assert (qc->memory != NULL);
      if (qc->used + len <= qc->size)
        {
          memcpy (qc->memory + qc->used, result, len);
          qc->used += len;
        }
    }
  pthread_mutex_unlock (&qc->lock);
}

static void
resize (QueryCache *qc, unsigned long size)
{
  pthread_mutex_lock (&qc->lock);
  free (qc->memory);
  qc->memory = NULL;
  qc->size = 0;
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
