/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * slow_steps_ok — a correct program whose run is long but never stalls:
 * a worker does N rounds (argv[1], default 40) of about 25 ms of work on
 * its own data, each ending with a write main later reads.  A run takes
 * about a second, and takes a scheduling step every 25 ms: a watchdog that
 * waits for a step (--exec-timeout 0.3) must not call it a hang
 * (test-executor.sh).
 */
#include <pthread.h>
#include <stdlib.h>

static long rounds = 40;
static unsigned long results[64];

static unsigned long
work (unsigned long seed)
{
  /* volatile: the loop stays a loop at any optimisation level */
  volatile unsigned long x = seed;
  for (long i = 0; i < 20000000; i++)
    x = x * 6364136223846793005UL + 1442695040888963407UL;
  return x;
}

static void *
worker (void *arg)
{
  (void) arg;
  for (long r = 0; r < rounds; r++)
    results[r % 64] = work ((unsigned long) r);
  return NULL;
}

int
main (int argc, char **argv)
{
  if (argc > 1)
    rounds = atol (argv[1]);
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_join (t, NULL);
  unsigned long sum = 0;
  for (int i = 0; i < 64; i++)
    sum += results[i];
  return sum == 1;   /* never: a use of the results */
}
