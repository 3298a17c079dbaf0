/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * gcc_3584 — after the gcc-3584 program of ConcBugAssist's evaluation (its
 * Table 1: GCC bug 3584, 3 threads, a data race).  We do not know the
 * report's details; our scenario is a data race of that kind in GCC's
 * runtime: the list of exception-handling frame objects that libgcc keeps
 * for the unwinder, which a library loaded by a thread registers itself in.
 * Registration pushes the object on the list with plain loads and stores,
 * without the list's lock, so two threads loading libraries at once can
 * both link to the same old head and one registration is lost; an exception
 * thrown through that library then finds no unwind information.  main
 * checks that both objects are registered.
 */
#include <assert.h>
#include <pthread.h>

typedef struct Object {
  const void *frame_begin;
  struct Object *next;
} Object;

static Object *unseen_objects;

static void
register_frame_info (const void *begin, Object *ob)
{
  ob->frame_begin = begin;
  ob->next = unseen_objects;                    /* [data-race] [atomicity-violation] */
  unseen_objects = ob;                          /* [data-race] [atomicity-violation] */
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
  assert (n == 2);                              /* [assertion] */
  return 0;
}
