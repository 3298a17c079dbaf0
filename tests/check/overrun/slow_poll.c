/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * slow_poll — a worker that polls a flag nobody sets, with a millisecond
 * of computation between two polls: every run takes steps, slowly, for
 * ever.  The watchdog kills it only at its cap (10 times --exec-timeout),
 * twice (a kill is a hang only when the same run is killed again); then
 * the threads of the killed run are found by running it once more, cut
 * before its last step, which takes as long again.  That last run must
 * end at the search's deadline like the others: it once ran as long as
 * the cap past --timeout (test-budget.sh).
 */
#include <pthread.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int stop;

/* about a millisecond of work that makes no visible access */
static unsigned
work (unsigned x)
{
  for (unsigned i = 0; i < 1000000; i++)
    {
      x = x * 1103515245u + 12345u;
      __asm__ volatile ("" : "+r"(x));
    }
  return x;
}

static void *
poller (void *arg)
{
  unsigned x = (unsigned) (unsigned long) arg;
  for (;;)
    {
      pthread_mutex_lock (&lock);
      int s = stop;
      pthread_mutex_unlock (&lock);
      if (s)
        break;
      x = work (x);
    }
  return (void *) (unsigned long) x;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, poller, (void *) 1ul);
  pthread_join (t, NULL);
  return 0;
}
