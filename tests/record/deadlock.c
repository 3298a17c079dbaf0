/* SPDX-License-Identifier: GPL-3.0-or-later
 * deadlock.c — two threads take two mutexes in opposite orders, each
 * waiting for the other to hold its first: a certain deadlock, which
 * augur record's watchdog must end while keeping the trace. */
#include <pthread.h>
#include "record-util.h"

static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;
static sem_t a_held, b_held;

static void *
other (void *arg)
{
  pthread_mutex_lock (&b);
  sem_post (&b_held);
  sem_wait (&a_held);
  pthread_mutex_lock (&a);
  return arg;
}

int
main (void)
{
  sem_init (&a_held, 0, 0);
  sem_init (&b_held, 0, 0);
  pthread_t t = spawn (other, NULL);
  pthread_mutex_lock (&a);
  sem_post (&a_held);
  sem_wait (&b_held);
  pthread_mutex_lock (&b);
  pthread_join (t, NULL);
  return 0;
}
