/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * lastzero — the DPOR benchmark of Abdulla, Aronis, Jonsson and Sagonas
 * (Optimal dynamic partial order reduction, POPL 2014): an array of N+1
 * zeroes; thread 0 searches from the end for the last zero, while threads
 * 1..N each set array[i] = array[i-1] + 1.  The reads and writes race by
 * design; the benchmark measures how many interleavings an explorer runs
 * (3,328 for N = 10 and 147,456 for N = 15 when each Mazurkiewicz trace is run
 * once).
 *
 * Usage: prog [N]   (default 10)
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#define MAX_N 32

static int array[MAX_N + 1];
static int n;

static void *
search (void *unused)
{
  int i;
  for (i = n; array[i] != 0; i--)               /* [data-race] */
    ;
  return NULL;
}

static void *
increment (void *arg)
{
  int j = (int) (intptr_t) arg;
  array[j] = array[j - 1] + 1;                  /* [data-race] */
  return NULL;
}

int
main (int argc, char **argv)
{
  pthread_t t[MAX_N + 1];
  n = argc > 1 ? atoi (argv[1]) : 10;
  if (n < 1 || n > MAX_N)
    return 2;
  pthread_create (&t[0], NULL, search, NULL);
  for (int j = 1; j <= n; j++)
    pthread_create (&t[j], NULL, increment, (void *) (intptr_t) j);
  for (int j = 0; j <= n; j++)
    pthread_join (t[j], NULL);
  return 0;
}
