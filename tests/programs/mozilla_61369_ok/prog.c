/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mozilla_61369_ok — the fix of mozilla_61369: the shared field is set
 * before the thread is created, so creation orders it before the child's read.
 */
#include <pthread.h>
#include <stdlib.h>

typedef struct {
  pthread_t handle;
  int state;
} Worker;

static Worker *current;

static void *
worker_main (void *unused)
{
  current->state = 1;
  return NULL;
}

int
main (void)
{
  Worker *w = calloc (1, sizeof *w);
  pthread_t t;
  current = w;
  pthread_create (&t, NULL, worker_main, NULL);
  w->handle = t;
  pthread_join (t, NULL);
  int ok = w->state == 1;
  free (w);
  return ok ? 0 : 1;
}
