/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * vectprime02_ok — the fix of vectprime02: appending to the shared vector
 * (the store and the new length) is one critical section.
 */
#include <assert.h>
#include <pthread.h>

#define LIMIT 12

static int v[LIMIT];
static int n;
static pthread_mutex_t v_lock = PTHREAD_MUTEX_INITIALIZER;

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
  pthread_mutex_lock (&v_lock);
  v[n] = x;
  n = n + 1;
  pthread_mutex_unlock (&v_lock);
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
  assert (n == 5 && sum == 28);
  return 0;
}
