/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * reuse.c — two functions, called one after the other from main, each
 * share a local of their own with two threads; the locals lie at the same
 * stack depth.  The first one's race is on `hits`, the second's threads
 * only read `limits`.  A stable stack name does not say which function's
 * frame it was, so the race's object must keep its stack name: never
 * `limits`.
 */
#include <pthread.h>
#include <stdio.h>

static void *
bump (void *p)
{
  int *hits = p;
  (*hits)++;
  return NULL;
}

static void *
look (void *p)
{
  const long *limits = p;
  return (void *) (limits[0] + limits[1]);
}

static int __attribute__ ((noinline))
count_hits (void)
{
  int hits = 0;
  pthread_t a, b;
  pthread_create (&a, NULL, bump, &hits);
  pthread_create (&b, NULL, bump, &hits);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return hits;
}

static long __attribute__ ((noinline))
sum_limits (void)
{
  long limits[2] = { 3, 4 };
  void *r1, *r2;
  pthread_t a, b;
  pthread_create (&a, NULL, look, limits);
  pthread_create (&b, NULL, look, limits);
  pthread_join (a, &r1);
  pthread_join (b, &r2);
  return (long) r1 + (long) r2;
}

int
main (void)
{
  int h = count_hits ();
  long s = sum_limits ();
  printf ("%d %ld\n", h, s);
  return 0;
}
