/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * flag_barrier — two threads meet at a barrier made of flags: each says it
 * arrived, waits for the other's flag, then reads the other's result.
 * Each sets its flag before it stores its result, so the other can pass
 * the barrier and read a result not yet stored.  The waits are spins on a
 * volatile flag, which the explorer treats as waits for the other's write.
 */
#include <assert.h>
#include <pthread.h>

static volatile int arrived[2];
static int result[2];

static void *
worker (void *arg)
{
  int me = (int) (long) arg;
  arrived[me] = 1;                              /* too early: before the result */
  result[me] = me + 1;                          /* [data-race] */
  while (!arrived[1 - me])
    ;
  assert (result[1 - me] == 2 - me);            /* [assertion] [data-race] */
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, worker, (void *) 0L);
  pthread_create (&b, NULL, worker, (void *) 1L);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
