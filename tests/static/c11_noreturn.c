/* SPDX-License-Identifier: GPL-3.0-or-later
 * C11 keywords that gcc takes by default and Frama-C 25 only with -c11:
 * an error helper declared _Noreturn (as lbzip2's are), a _Static_assert
 * and a _Thread_local counter.  Two workers add to a locked total (a
 * protected pair), bump an unlocked hit count (a race) and their own
 * _Thread_local count (private: not listed). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

_Static_assert (sizeof (long) >= 4, "a long holds the total");

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long total;
static int hits;
static _Thread_local int mine;

_Noreturn static void fatal (const char *what);

static void
fatal (const char *what)
{
  perror (what);
  exit (1);
}

static void *
worker (void *arg)
{
  mine++;
  pthread_mutex_lock (&lock);
  total += 2;
  pthread_mutex_unlock (&lock);
  hits++;
  return arg;
}

int
main (void)
{
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    if (pthread_create (&t[i], NULL, worker, NULL) != 0)
      fatal ("pthread_create");
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  printf ("%ld %d %d\n", total, hits, mine);
  return 0;
}
