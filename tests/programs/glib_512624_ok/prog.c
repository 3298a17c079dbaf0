/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * glib_512624_ok — the fix of glib_512624: the count is read and
 * decremented in one step (here: one critical section), and the thread
 * that takes it to zero finalizes the object.
 */
#include <assert.h>
#include <pthread.h>

typedef struct {
  pthread_mutex_t lock;
  int ref_count;
  int finalized;
} GObject;

static GObject object = { PTHREAD_MUTEX_INITIALIZER, 2, 0 };

static void
object_unref (GObject *o)
{
  pthread_mutex_lock (&o->lock);
  int last = --o->ref_count == 0;
  pthread_mutex_unlock (&o->lock);
  if (last)
    {
      pthread_mutex_lock (&o->lock);
      o->finalized = 1;
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
  assert (object.ref_count == 0 && object.finalized);
  return 0;
}
