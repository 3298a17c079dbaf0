/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * many_threads — 65 threads count their work in one unprotected counter:
 * a data race (and lost updates) that any two of them show.  More threads
 * than one word of thread bits: the explorer once stopped at the 65th and
 * called one execution "all of them".
 */
#include <pthread.h>

#define N 65

static int finished;

static void *
worker (void *unused)
{
  finished++;                                   /* [data-race] */
  return NULL;
}

int
main (void)
{
  pthread_t t[N];
  for (int i = 0; i < N; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < N; i++)
    pthread_join (t[i], NULL);
  return finished == N ? 0 : 1;
}
