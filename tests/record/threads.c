/* SPDX-License-Identifier: GPL-3.0-or-later
 * threads.c — create, join (with a result), pthread_exit from a nested
 * call, detach of a finished thread, tryjoin and timedjoin on a running
 * thread. */
#include <pthread.h>
#include <semaphore.h>
#include "record-util.h"

int shared;
static sem_t started, go;
static volatile pid_t gone_tid;

static void *
returns (void *arg)
{
  shared = 1;
  return (void *) 42;
}

static void
leave_early (void)
{
  pthread_exit ((void *) 7);
}

static void *
exits (void *arg)
{
  shared = 2;
  leave_early ();
  shared = 99;   /* never reached */
  return NULL;
}

static void *
finishes (void *arg)
{
  publish_tid (&gone_tid);
  shared = 3;
  return NULL;
}

static void *
waits (void *arg)
{
  sem_post (&started);
  sem_wait (&go);
  shared = 4;
  return NULL;
}

int
main (void)
{
  pthread_t t;
  void *res;
  sem_init (&started, 0, 0);
  sem_init (&go, 0, 0);

  t = spawn (returns, NULL);
  pthread_join (t, &res);
  if (res != (void *) 42)
    return 10;

  t = spawn (exits, NULL);
  pthread_join (t, &res);
  if (res != (void *) 7)
    return 11;

  t = spawn (finishes, NULL);
  wait_thread_gone (&gone_tid);
  if (pthread_detach (t) != 0)
    return 12;

  t = spawn (waits, NULL);
  sem_wait (&started);
  if (pthread_tryjoin_np (t, &res) != EBUSY)
    return 13;
  struct timespec when = past ();
  if (pthread_timedjoin_np (t, &res, &when) != ETIMEDOUT)
    return 14;
  sem_post (&go);
  pthread_join (t, &res);
  return shared == 4 ? 0 : 15;
}
