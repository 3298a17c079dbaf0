/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Cleanup handlers live in the OS thread's descriptor: an execution that
 * pushes one needs real threads, and the explorer runs it again as a
 * forked process, and every later one (runtime/rt-sched.c).  The handler
 * runs when the thread exits through pthread_exit; the bug is the
 * unsynchronised `racy`.
 */
#include <assert.h>
#include <pthread.h>

static int racy;
static int cleaned[2];

static void
cleanup (void *arg)
{
  *(int *) arg = 1;
}

static void *
worker (void *arg)
{
  pthread_cleanup_push (cleanup, arg);
  racy++;
  pthread_exit (NULL);
  pthread_cleanup_pop (0);
  return NULL;
}

int
main (void)
{
  pthread_t t[2];
  for (int k = 0; k < 2; k++)
    pthread_create (&t[k], NULL, worker, &cleaned[k]);
  for (int k = 0; k < 2; k++)
    pthread_join (t[k], NULL);
  assert (cleaned[0] && cleaned[1]);
  return 0;
}
