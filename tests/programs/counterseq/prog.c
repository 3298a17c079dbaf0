/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * counterseq — modelled on the counter structure of ConcBugAssist's
 * evaluation (a data race): two threads increment a shared counter with a
 * plain read-modify-write, so an increment can be lost; the final count is
 * checked.
 */
#include <assert.h>
#include <pthread.h>

#define INCREMENTS 2

static int counter;

static void *
incrementer (void *unused)
{
  for (int i = 0; i < INCREMENTS; i++)
    counter = counter + 1;                      /* [data-race] [atomicity-violation] */
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, incrementer, NULL);
  pthread_create (&b, NULL, incrementer, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (counter == 2 * INCREMENTS);           /* [assertion] */
  return 0;
}
