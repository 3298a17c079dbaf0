/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * confirm_around — the harm needs more than the violation.  update() sets
 * state in two steps; observe() takes the intermediate value to mean that
 * the update is over, and fails if `finished` is not set yet.  After the
 * predicted W-R-W on state, the scheduler lets update() go on and finish
 * first: nothing fails.  Only exploring around the violation (observe()
 * reading `finished` before update() sets it) shows the harm.
 */
#include <assert.h>
#include <pthread.h>

static int state, finished;

static void *
update (void *unused)
{
  state = 1;
  state = 2;
  finished = 1;
  return NULL;
}

static void *
observe (void *unused)
{
  int s = state;
  if (s == 1)
    assert (finished);
  return NULL;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, update, NULL);
  pthread_create (&t2, NULL, observe, NULL);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  return 0;
}
