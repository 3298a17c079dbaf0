/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A program with a thread-local variable of its own: its threads cannot
 * share one OS thread, so the explorer runs each execution as a forked
 * process with real threads.  Each thread must still see its own `mine`;
 * the bug is the unsynchronised `shared`.
 */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>

static __thread volatile intptr_t mine;
static int shared;

static void *
worker (void *arg)
{
  mine = (intptr_t) arg;
  shared++;
  assert (mine == (intptr_t) arg);
  return NULL;
}

int
main (void)
{
  pthread_t t[2];
  for (intptr_t k = 0; k < 2; k++)
    pthread_create (&t[k], NULL, worker, (void *) (k + 1));
  for (int k = 0; k < 2; k++)
    pthread_join (t[k], NULL);
  return 0;
}
