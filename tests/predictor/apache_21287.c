/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * apache_21287 — Apache 21287 (mod_mem_cache), from McPatom's bug list: a
 * cached object is released by decrementing its reference count (line 24)
 * and cleaning it up if the count read back (line 25) is zero.  If the other
 * releaser's decrement lands between the two, both read zero and the object
 * is cleaned up twice (W-W-R on the count).  The recorded run releases one
 * after the other: one cleanup.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

typedef struct {
  int refcount;
  int cleanups;
} CacheObject;

static CacheObject *obj;

static void
release (CacheObject *o)
{
  o->refcount--;
  if (o->refcount == 0)
    o->cleanups++;
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
  pthread_create (&t1, NULL, request, NULL);
  pthread_create (&t2, NULL, request, NULL);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  assert (obj->cleanups == 1);
  free (obj);
  return 0;
}
