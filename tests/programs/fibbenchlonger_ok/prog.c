/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * fibbenchlonger_ok — a correct fibbenchlonger: each thread does all its
 * rounds in one critical section, so the threads run one after the other
 * and the values stay at 5 and 21, below the Fibonacci number the final
 * check forbids.
 */
#include <assert.h>
#include <pthread.h>

#define NUM 4

static int i = 1, j = 1;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *
t1 (void *unused)
{
  pthread_mutex_lock (&m);
  for (int k = 0; k < NUM; k++)
    i += j;
  pthread_mutex_unlock (&m);
  return NULL;
}

static void *
t2 (void *unused)
{
  pthread_mutex_lock (&m);
  for (int k = 0; k < NUM; k++)
    j += i;
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, t1, NULL);
  pthread_create (&b, NULL, t2, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (i < 55 && j < 55);
  return 0;
}
