/* SPDX-License-Identifier: GPL-3.0-or-later
 * barrier.c — a barrier of two: the thread arrives first and waits, main
 * arrives last and is the serial thread; then main joins the thread.
 * Leaving a barrier is an acquire, recorded after the real call returns,
 * and nothing orders the two threads' returns: main's BARRIER_LEAVE and
 * the thread's last events may come in either order.  So this test is
 * compared thread by thread (see test-record.sh), all others globally. */
#include <pthread.h>
#include "record-util.h"

static pthread_barrier_t b;
int before, after;

static void *
worker (void *arg)
{
  before = 1;
  int r = pthread_barrier_wait (&b);
  return (void *) (long) r;
}

int
main (void)
{
  pthread_t t;
  void *res;
  pthread_barrier_init (&b, NULL, 2);
  t = spawn (worker, NULL);
  wait_barrier_arrived (&b, 1);
  int r = pthread_barrier_wait (&b);
  pthread_join (t, &res);
  after = before;
  pthread_barrier_destroy (&b);
  return r == PTHREAD_BARRIER_SERIAL_THREAD && res == NULL ? 0 : 10;
}
