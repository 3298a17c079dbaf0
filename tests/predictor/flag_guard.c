/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * flag_guard — a prediction McPatom's model makes and the program cannot
 * take.  The consumer reads data twice (lines 30, 31) only after it has seen
 * the producer's flag (line 28), and the producer sets the flag (line 21)
 * after its last write of data (line 20).  Without data flow, the write of
 * data can be moved between the two reads (R-W-R); keeping the flag read's
 * writer makes it impossible, so augur predicts nothing on data.
 */
#include <assert.h>
#include <pthread.h>
#include <sched.h>

static int data;
static int flag;

static void *
producer (void *unused)
{
  data = 42;
  flag = 1;
  return NULL;
}

static void *
consumer (void *unused)
{
  while (!flag)
    sched_yield ();
  int a = data;
  int b = data;
  assert (a == b);
  return NULL;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, producer, NULL);
  pthread_create (&t2, NULL, consumer, NULL);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  return 0;
}
