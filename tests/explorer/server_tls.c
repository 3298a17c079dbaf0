/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A program with thread-local variables of its own.  Its threads run as
 * fibers of one OS thread, each with a thread pointer of its own
 * (rt-fiber.c): each sees its own `mine`, starting from its initial
 * value, at an address of its own that another thread can read through
 * (as liburcu's registry of readers does), and main's is left alone.
 * They ran as forked processes before, 100 times slower.  The bug is the
 * unsynchronised `shared`.
 */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>

static __thread volatile intptr_t mine = 5;
static volatile intptr_t *published[2];
static int shared;

static void *
worker (void *arg)
{
  intptr_t k = (intptr_t) arg;
  assert (mine == 5);
  mine = k + 10;
  published[k] = &mine;
  errno = 0;
  shared++;
  assert (mine == k + 10);
  return NULL;
}

int
main (void)
{
  pthread_t t[2];
  mine = 1;
  for (intptr_t k = 0; k < 2; k++)
    pthread_create (&t[k], NULL, worker, (void *) k);
  for (int k = 0; k < 2; k++)
    pthread_join (t[k], NULL);
  assert (published[0] != published[1] && published[0] != &mine);
  assert (*published[0] == 10 && *published[1] == 11);
  assert (mine == 1);
  return 0;
}
