/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * lineeq2t01 — after the lineEq2t01 program of ConcBugAssist's evaluation
 * (its Table 1: a synthetic benchmark of Bloem et al., 3 threads, a data
 * race).  We know only its name and bug type; our scenario fits both: two
 * threads solve a system of two linear equations by Gaussian elimination.
 * One normalises the pivot row, the other eliminates x from the second row
 * with the pivot row; nothing makes the elimination wait for the
 * normalisation, so it can read the row before or halfway through it, and
 * the solution is wrong.  main back-substitutes and checks x = 1, y = 2.
 */
#include <assert.h>
#include <pthread.h>

/* 2x + 4y = 10, 3x + y = 5 */
static int a[2][3] = { { 2, 4, 10 }, { 3, 1, 5 } };

static void *
normalise (void *unused)
{
  int p = a[0][0];
  for (int k = 2; k >= 0; k--)
    a[0][k] = a[0][k] / p;                      /* [data-race] */
  return NULL;
}

static void *
eliminate (void *unused)
{
  int f = a[1][0];
  for (int k = 0; k < 3; k++)
    a[1][k] = a[1][k] - f * a[0][k];            /* [data-race] */
  return NULL;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, normalise, NULL);
  pthread_create (&t2, NULL, eliminate, NULL);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  int y = a[1][2] / a[1][1];
  int x = a[0][2] - a[0][1] * y;
  assert (a[1][0] == 0 && x == 1 && y == 2);    /* [assertion] */
  return 0;
}
