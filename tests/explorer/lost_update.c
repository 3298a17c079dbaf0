/* SPDX-License-Identifier: GPL-3.0-or-later
 * A lost update: two threads increment a counter without a lock; the sum
 * is wrong only if one is preempted between its read and its write (one
 * preemption: --mode preempt --bound 1 finds it, --bound 0 cannot). */
#include <assert.h>
#include <pthread.h>

static int counter;

static void *
incr (void *unused)
{
  int v = counter;
  counter = v + 1;
  return unused;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, incr, NULL);
  pthread_create (&b, NULL, incr, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (counter == 2);
  return 0;
}
