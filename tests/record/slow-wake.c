/* SPDX-License-Identifier: GPL-3.0-or-later
 * slow-wake.c — a waiter in an untimed condition wait, woken only after
 * main has slept longer than augur record's stuck window: a thread asleep
 * is no thread waiting for another, so the run is not ended early.
 * With the argument "sem", main waits on a semaphore nobody posts
 * instead (sem_post may come from a signal handler: a hang for the
 * watchdog's timeout, not a deadlock it can call early). */
#include <pthread.h>
#include <string.h>
#include "record-util.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready;

static void *
waiter (void *arg)
{
  pthread_mutex_lock (&m);
  while (!ready)
    pthread_cond_wait (&c, &m);
  pthread_mutex_unlock (&m);
  return arg;
}

int
main (int argc, char **argv)
{
  pthread_t t = spawn (waiter, NULL);
  if (argc > 1 && strcmp (argv[1], "sem") == 0)
    {
      sem_t never;
      sem_init (&never, 0, 0);
      sem_wait (&never);
    }
  struct timespec nap = { 1, 500 * 1000 * 1000 };
  nanosleep (&nap, NULL);
  pthread_mutex_lock (&m);
  ready = 1;
  pthread_cond_signal (&c);
  pthread_mutex_unlock (&m);
  pthread_join (t, NULL);
  return 0;
}
