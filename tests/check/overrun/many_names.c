/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Naming a long schedule: two threads each write one field of N/2 blocks
 * of their own (N: argv[1], default 3000), at a line whose identifiers
 * (blocks, glob) are no locals of its function, in an executable of
 * 3,000 functions; then both write `last` without a lock.  The race's
 * schedule has a new block at almost every step, and naming each looked
 * the identifiers up through every function of the executable again:
 * 18 s past a 5 s --timeout with N = 20000 (test-budget.sh; libuv's
 * signal_multiple_loops took 373 s after the stages of a 30 s budget).
 */
#include <pthread.h>
#include <stdlib.h>

#define F1(n) int f##n (int a) { int l = a * 3; return l + 1; }
#define F10(n) F1 (n##0) F1 (n##1) F1 (n##2) F1 (n##3) F1 (n##4) \
               F1 (n##5) F1 (n##6) F1 (n##7) F1 (n##8) F1 (n##9)
#define F100(n) F10 (n##0) F10 (n##1) F10 (n##2) F10 (n##3) F10 (n##4) \
                F10 (n##5) F10 (n##6) F10 (n##7) F10 (n##8) F10 (n##9)
#define F1000(n) F100 (n##1) F100 (n##2) F100 (n##3) F100 (n##4) F100 (n##5) \
                 F100 (n##6) F100 (n##7) F100 (n##8) F100 (n##9) F100 (n##0)
F1000 (a) F1000 (b) F1000 (c)

struct block { int v; };
static struct block **blocks;
static long n = 3000;
static int glob, last;

static void *
fill (void *arg)
{
  long half = arg != NULL;
  for (long i = half * n / 2; i < (half + 1) * n / 2; i++)
    blocks[i]->v = glob;
  last = (int) half;
  return NULL;
}

int
main (int argc, char **argv)
{
  pthread_t t;
  if (argc > 1)
    n = atol (argv[1]);
  blocks = malloc (n * sizeof *blocks);
  for (long i = 0; i < n; i++)
    blocks[i] = malloc (sizeof **blocks);
  pthread_create (&t, NULL, fill, (void *) 1);
  fill (NULL);
  pthread_join (t, NULL);
  return fa100 (glob) == 0;
}
