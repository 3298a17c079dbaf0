/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * lineeq2t01_ok — the fix of lineeq2t01: the elimination waits until the
 * pivot row is normalised (a flag under a mutex and a condition variable).
 */
#include <assert.h>
#include <pthread.h>

/* 2x + 4y = 10, 3x + y = 5 */
static int a[2][3] = { { 2, 4, 10 }, { 3, 1, 5 } };
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t row_ready = PTHREAD_COND_INITIALIZER;
static int normalised;

static void *
normalise (void *unused)
{
  int p = a[0][0];
  for (int k = 2; k >= 0; k--)
    a[0][k] = a[0][k] / p;
  pthread_mutex_lock (&m);
  normalised = 1;
  pthread_cond_signal (&row_ready);
  pthread_mutex_unlock (&m);
  return NULL;
}

static void *
eliminate (void *unused)
{
  pthread_mutex_lock (&m);
  while (!normalised)
    pthread_cond_wait (&row_ready, &m);
  pthread_mutex_unlock (&m);
  int f = a[1][0];
  for (int k = 0; k < 3; k++)
    a[1][k] = a[1][k] - f * a[0][k];
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
  assert (a[1][0] == 0 && x == 1 && y == 2);
  return 0;
}
