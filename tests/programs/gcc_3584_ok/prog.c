/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * gcc_3584_ok — the fix of gcc_3584: registering a frame object takes the
 * object list's lock, as libgcc's __register_frame_info does.
 */
#include <assert.h>
#include <pthread.h>

typedef struct Object {
  const void *frame_begin;
  struct Object *next;
} Object;

static Object *unseen_objects;
static pthread_mutex_t object_mutex = PTHREAD_MUTEX_INITIALIZER;

static void
register_frame_info (const void *begin, Object *ob)
{
  ob->frame_begin = begin;
  pthread_mutex_lock (&object_mutex);
  ob->next = unseen_objects;
  unseen_objects = ob;
  pthread_mutex_unlock (&object_mutex);
}

static const char eh_frame[2][16];
static Object objects[2];

static void *
load_library (void *arg)
{
  long i = (long) arg;
  register_frame_info (eh_frame[i], &objects[i]);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, load_library, (void *) 0L);
  pthread_create (&b, NULL, load_library, (void *) 1L);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  int n = 0;
  for (Object *ob = unseen_objects; ob; ob = ob->next)
    n++;
  assert (n == 2);
  return 0;
}
