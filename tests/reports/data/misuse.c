/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * misuse.c — test data for the reports: a condition variable used before
 * pthread_cond_init. */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c;
static int ready;

static void *waiter (void *arg)
{
  pthread_mutex_lock (&m);
  while (!ready)
    pthread_cond_wait (&c, &m);
  pthread_mutex_unlock (&m);
  return NULL;
}

int main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, waiter, NULL);
  pthread_mutex_lock (&m);
  ready = 1;
  pthread_cond_signal (&c);
  pthread_mutex_unlock (&m);
  pthread_join (t, NULL);
  pthread_cond_init (&c, NULL);
  return 0;
}
