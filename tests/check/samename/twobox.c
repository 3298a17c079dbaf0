/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * twobox — two threads race in a function of inc/a/box.h; inc/b/box.h,
 * a header of the same name, is compiled in but never runs, so no
 * finding names it: its label is "box.h" in the results file and
 * "a/box.h" once the program's debug info is read.  augur replay must
 * find the race again all the same (test-same-name.sh).
 */
#include <pthread.h>

#include "a/box.h"
#include "b/box.h"

static int count;

static void *
worker (void *arg)
{
  (void) arg;
  box_put (&count);
  return NULL;
}

int
main (int argc, char **argv)
{
  (void) argv;
  pthread_t t1, t2;
  pthread_create (&t1, NULL, worker, NULL);
  pthread_create (&t2, NULL, worker, NULL);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  return argc > 5 ? box_get (&count) : 0;
}
