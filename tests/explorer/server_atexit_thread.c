/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A thread calls exit() while the other may still run: the exit handlers
 * run on that thread, as its steps, and the other thread's steps may come
 * between them and the end.  The handler checks the lost update, which
 * only some interleavings give; main joins, so the only end is exit().
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

static int counter;

static void
check (void)
{
  assert (counter == 2);
}

static void *
worker (void *arg)
{
  int v = counter;
  counter = v + 1;
  if (arg != NULL)
    exit (0);
  return NULL;
}

int
main (void)
{
  atexit (check);
  pthread_t t[2];
  pthread_create (&t[0], NULL, worker, NULL);
  pthread_create (&t[1], NULL, worker, &counter);
  pthread_join (t[0], NULL);
  pthread_join (t[1], NULL);
  return 0;
}
