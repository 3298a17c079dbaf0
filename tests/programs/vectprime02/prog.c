/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * vectprime02 — after the VectPrime02 program of ConcBugAssist's evaluation
 * (its Table 1: a synthetic benchmark of Bloem et al., 3 threads, a data
 * race).  We know only its name and bug type; our scenario fits both: two
 * workers test the numbers of their halves of a range for primality and
 * append the primes they find to a shared vector, storing at v[n] and then
 * incrementing n with no lock.  Two appends at once can store into the
 * same slot, so a prime is lost (and a slot left stale).  main checks the
 * primes the vector ends up with.
 */
#include <assert.h>
#include <pthread.h>

#define LIMIT 12

static int v[LIMIT];
static int n;

static int
is_prime (int x)
{
  if (x < 2)
    return 0;
  for (int d = 2; d * d <= x; d++)
    if (x % d == 0)
      return 0;
  return 1;
}

static void
push_back (int x)
{
  v[n] = x;                                     /* [data-race] [atomicity-violation] */
  n = n + 1;                                    /* [data-race] [atomicity-violation] */
}

static void *
worker (void *arg)
{
  int lo = (int) (long) arg;
  for (int x = lo; x < lo + LIMIT / 2; x++)
    if (is_prime (x))
      push_back (x);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, worker, (void *) 0L);
  pthread_create (&b, NULL, worker, (void *) (long) (LIMIT / 2));
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  int sum = 0;
  for (int k = 0; k < n; k++)
    sum += v[k];
  /* the primes below 12: 2 + 3 + 5 + 7 + 11 */
  assert (n == 5 && sum == 28);                 /* [assertion] */
  return 0;
}
