/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two threads each fill a shared table with N entries (argv[1], default
 * 1000; shared: each reads what the other wrote), then add 1 to a total
 * without a lock: a lost update that fails the assertion.  A run is about
 * 3N + 30 events, so a small --max-steps cuts it (test-budget.sh).
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

static long n = 1000;
static unsigned table[2][4096];
static unsigned long total;

static void *
fill (void *arg)
{
  long me = (long) arg;
  for (long i = 0; i < n; i++)
    table[me][i % 4096] = (unsigned) i + table[1 - me][(i + 7) % 4096];
  unsigned long t = total;
  total = t + 1;
  return NULL;
}

int
main (int argc, char **argv)
{
  if (argc > 1)
    n = atol (argv[1]);
  pthread_t a, b;
  pthread_create (&a, NULL, fill, (void *) 0L);
  pthread_create (&b, NULL, fill, (void *) 1L);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (total == 2);
  return 0;
}
