/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mozilla_61369 — modelled on Mozilla bug 61369 from ConcBugAssist's list (an
 * order violation, the standard example of the kind in Lu et al.'s study):
 * the creator stores the new thread's handle into a shared field only after
 * pthread_create returns, but the new thread reads that field at once to find
 * its own state.  If the child runs first it reads NULL and crashes.
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
  current->state = 1;                           /* [data-race] [crash] */
  return NULL;
}

int
main (void)
{
  Worker *w = calloc (1, sizeof *w);
  pthread_t t;
  pthread_create (&t, NULL, worker_main, NULL);
  current = w;                                  /* [data-race] */
  w->handle = t;
  pthread_join (t, NULL);
  int ok = w->state == 1;
  free (w);
  return ok ? 0 : 1;
}
