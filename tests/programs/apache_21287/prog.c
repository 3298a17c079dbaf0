/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * apache_21287 — modelled on Apache bug 21287 (mod_mem_cache), from
 * McPatom's bug list: a cached object is released by decrementing its
 * reference count and, if the count is then zero, cleaning it up.  The
 * decrement and the test are separate accesses to refcount with no lock, so
 * two releasing threads can both see zero and clean the object up twice
 * (a double free in Apache).  The cleanup counter catches it.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

typedef struct {
  int refcount;
  int cleanups;
  char *payload;
} CacheObject;

static CacheObject *obj;

static void
cleanup (CacheObject *o)
{
  o->cleanups++;
  assert (o->cleanups == 1);                    /* [assertion] */
}

static void
release (CacheObject *o)
{
  o->refcount--;                                /* [atomicity-violation] [data-race] */
  if (o->refcount == 0)                         /* [atomicity-violation] [data-race] */
    cleanup (o);
}

static void *
request (void *unused)
{
  release (obj);
  return NULL;
}

int
main (void)
{
  pthread_t t1, t2;
  obj = calloc (1, sizeof *obj);
  obj->refcount = 2;
  obj->payload = malloc (32);
  pthread_create (&t1, NULL, request, NULL);
  pthread_create (&t2, NULL, request, NULL);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  free (obj->payload);
  free (obj);
  return 0;
}
