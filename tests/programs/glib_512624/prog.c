/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * glib_512624 — after the glib-512624 program of ConcBugAssist's evaluation
 * (its Table 1: GNOME bug 512624 in GLib, 3 threads, an atomicity
 * violation).  We do not know the report's details; our scenario is an
 * atomicity violation of that kind in GLib's domain, the reference count
 * of an object: unref reads the count and, if this is the last reference,
 * finalizes the object, else decrements it.  Each access is atomic (here:
 * under the object's lock), but the read and the decrement are not one
 * step, so two threads dropping the last two references both see 2, both
 * decrement, and the object is never finalized (leaked).
 */
#include <assert.h>
#include <pthread.h>

typedef struct {
  pthread_mutex_t lock;
  int ref_count;
  int finalized;
} GObject;

static GObject object = { PTHREAD_MUTEX_INITIALIZER, 2, 0 };

static int
get_ref_count (GObject *o)
{
  pthread_mutex_lock (&o->lock);
  int n = o->ref_count;                         /* [atomicity-violation] */
  pthread_mutex_unlock (&o->lock);
  return n;
}

static void
object_unref (GObject *o)
{
  if (get_ref_count (o) == 1)
    {
      pthread_mutex_lock (&o->lock);
      o->ref_count = 0;
      o->finalized = 1;
      pthread_mutex_unlock (&o->lock);
    }
  else
    {
      pthread_mutex_lock (&o->lock);
      o->ref_count--;                           /* [atomicity-violation] */
      pthread_mutex_unlock (&o->lock);
    }
}

static void *
owner (void *unused)
{
  object_unref (&object);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, owner, NULL);
  pthread_create (&b, NULL, owner, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (object.ref_count == 0 && object.finalized);   /* [assertion] */
  return 0;
}
