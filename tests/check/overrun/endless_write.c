/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * endless_write — a worker that never stops writing a shared counter, and
 * a main thread that waits for it for ever.  Recorded, it writes events
 * as fast as it can (gigabytes in seconds without a cap); explored, every
 * run is cut by the step bound.  No bug: the analysis can only be
 * incomplete, and must end within its budget.
 */
#include <pthread.h>

static volatile unsigned long ticks;

static void *
tick (void *arg)
{
  (void) arg;
  for (;;)
    ticks++;
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, tick, NULL);
  pthread_join (t, NULL);
  return (int) ticks;
}
