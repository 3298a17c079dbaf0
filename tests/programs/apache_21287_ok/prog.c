/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * apache_21287_ok — the fix of apache_21287: the reference count is
 * decremented with one atomic fetch-and-subtract, and only the thread that
 * took it from 1 to 0 cleans up.
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
  assert (o->cleanups == 1);
}

static void
release (CacheObject *o)
{
  if (__atomic_sub_fetch (&o->refcount, 1, __ATOMIC_ACQ_REL) == 0)
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
