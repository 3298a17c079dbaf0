/* SPDX-License-Identifier: GPL-3.0-or-later
 * mutex.c — every mutex type (normal, recursive, errorcheck, default,
 * static), lock/trylock/timedlock/clocklock/unlock/destroy, their error
 * results, and a contended lock handed from main to a thread. */
#include <errno.h>
#include <pthread.h>
#include "record-util.h"

static pthread_mutex_t statik = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t normal, recursive, errorcheck, deflt;
int counter;

static void *
contender (void *arg)
{
  struct timespec when = past ();
  if (pthread_mutex_trylock (&deflt) != EBUSY)
    return (void *) 1;
  if (pthread_mutex_timedlock (&deflt, &when) != ETIMEDOUT)
    return (void *) 2;
  if (pthread_mutex_clocklock (&deflt, CLOCK_MONOTONIC, &when) != ETIMEDOUT)
    return (void *) 3;
  return NULL;
}

static void *
queued (void *arg)
{
  pthread_mutex_lock (&normal);
  counter++;
  pthread_mutex_unlock (&normal);
  return NULL;
}

int
main (void)
{
  pthread_mutexattr_t a;
  pthread_t t;
  void *res;

  pthread_mutexattr_init (&a);
  pthread_mutexattr_settype (&a, PTHREAD_MUTEX_NORMAL);
  pthread_mutex_init (&normal, &a);
  pthread_mutexattr_settype (&a, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init (&recursive, &a);
  pthread_mutexattr_settype (&a, PTHREAD_MUTEX_ERRORCHECK);
  pthread_mutex_init (&errorcheck, &a);
  pthread_mutexattr_destroy (&a);
  pthread_mutex_init (&deflt, NULL);

  pthread_mutex_lock (&statik);
  counter++;
  pthread_mutex_unlock (&statik);

  pthread_mutex_lock (&recursive);
  pthread_mutex_lock (&recursive);
  counter++;
  pthread_mutex_unlock (&recursive);
  pthread_mutex_unlock (&recursive);

  pthread_mutex_lock (&errorcheck);
  if (pthread_mutex_lock (&errorcheck) != EDEADLK)
    return 10;
  pthread_mutex_unlock (&errorcheck);
  if (pthread_mutex_unlock (&errorcheck) != EPERM)
    return 11;

  if (pthread_mutex_trylock (&deflt) != 0)
    return 12;
  t = spawn (contender, NULL);
  pthread_join (t, &res);
  if (res != NULL)
    return 13;
  pthread_mutex_unlock (&deflt);

  pthread_mutex_lock (&normal);
  t = spawn (queued, NULL);
  wait_mutex_contended (&normal);
  counter++;
  pthread_mutex_unlock (&normal);
  pthread_join (t, NULL);

  pthread_mutex_destroy (&normal);
  pthread_mutex_destroy (&recursive);
  pthread_mutex_destroy (&errorcheck);
  pthread_mutex_destroy (&deflt);
  return counter == 4 ? 0 : 14;
}
