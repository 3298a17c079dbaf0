/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * argv.c — main reads its argument, then two threads race on a counter
 * and main asserts the sum.  Under the explorer main runs on a fiber
 * while argv stays on the real stack: the failing schedule's read of
 * argv[1] must still be named T0.args, as in a recorded run.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

static int rounds, counter;

static void *
bump (void *unused)
{
  (void) unused;
  for (int i = 0; i < rounds; i++)
    counter++;
  return NULL;
}

int
main (int argc, char **argv)
{
  rounds = argc > 1 ? atoi (argv[1]) : 1;
  pthread_t t[2];
  for (int k = 0; k < 2; k++)
    pthread_create (&t[k], NULL, bump, NULL);
  for (int k = 0; k < 2; k++)
    pthread_join (t[k], NULL);
  assert (counter == 2 * rounds);
  return 0;
}
