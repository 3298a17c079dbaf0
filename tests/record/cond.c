/* SPDX-License-Identifier: GPL-3.0-or-later
 * cond.c — signal and broadcast with and without a waiter, a wait woken by
 * signal, a wait woken by broadcast, timedwait and clockwait timing out. */
#include <errno.h>
#include <pthread.h>
#include "record-util.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static pthread_cond_t d;
int ready;

static void *
waiter (void *arg)
{
  pthread_cond_t *cv = arg;
  pthread_mutex_lock (&m);
  while (!ready)
    pthread_cond_wait (cv, &m);
  ready = 0;
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  struct timespec when = past ();
  pthread_cond_init (&d, NULL);

  pthread_cond_signal (&c);
  pthread_cond_broadcast (&d);

  pthread_mutex_lock (&m);
  if (pthread_cond_timedwait (&c, &m, &when) != ETIMEDOUT)
    return 10;
  if (pthread_cond_clockwait (&d, &m, CLOCK_MONOTONIC, &when) != ETIMEDOUT)
    return 11;
  pthread_mutex_unlock (&m);

  t = spawn (waiter, &c);
  wait_cond_waiters (&c, 1);
  pthread_mutex_lock (&m);
  ready = 1;
  pthread_cond_signal (&c);
  pthread_mutex_unlock (&m);
  pthread_join (t, NULL);

  t = spawn (waiter, &d);
  wait_cond_waiters (&d, 1);
  pthread_mutex_lock (&m);
  ready = 1;
  pthread_cond_broadcast (&d);
  pthread_mutex_unlock (&m);
  pthread_join (t, NULL);

  pthread_cond_destroy (&d);
  return 0;
}
