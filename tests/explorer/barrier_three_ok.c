/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Three threads meet at one barrier twice; each notes whether it was the
 * serial thread (the last to arrive) of each round, and main checks that
 * each round had exactly one.  Its Mazurkiewicz traces are the orders of
 * the arrivals, 3! per round: 36 (test-modes: optimal and dpor complete
 * the same set; a barrier's leave depends on nothing but its round).
 */
#include <assert.h>
#include <pthread.h>

enum { N = 3 };
static pthread_barrier_t meet;
static int was_serial[N][2];

static void *
runner (void *arg)
{
  int *mine = arg;
  for (int r = 0; r < 2; r++)
    mine[r] = pthread_barrier_wait (&meet) == PTHREAD_BARRIER_SERIAL_THREAD;
  return NULL;
}

int
main (void)
{
  pthread_t t[N];
  pthread_barrier_init (&meet, NULL, N);
  for (int i = 0; i < N; i++)
    pthread_create (&t[i], NULL, runner, was_serial[i]);
  for (int i = 0; i < N; i++)
    pthread_join (t[i], NULL);
  for (int r = 0; r < 2; r++)
    assert (was_serial[0][r] + was_serial[1][r] + was_serial[2][r] == 1);
  pthread_barrier_destroy (&meet);
  return 0;
}
