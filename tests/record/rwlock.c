/* SPDX-License-Identifier: GPL-3.0-or-later
 * rwlock.c — shared readers, try and timed variants failing against a
 * reader or a writer, write locking, destroy. */
#include <errno.h>
#include <pthread.h>
#include "record-util.h"

static pthread_rwlock_t rw;
static pthread_rwlock_t statik = PTHREAD_RWLOCK_INITIALIZER;
int value;

static void *
other (void *arg)
{
  struct timespec when = past ();
  if (pthread_rwlock_tryrdlock (&rw) != 0)   /* readers share */
    return (void *) 1;
  (void) value;
  pthread_rwlock_unlock (&rw);
  if (pthread_rwlock_trywrlock (&rw) != EBUSY)
    return (void *) 2;
  if (pthread_rwlock_timedwrlock (&rw, &when) != ETIMEDOUT)
    return (void *) 3;
  if (pthread_rwlock_clockwrlock (&rw, CLOCK_REALTIME, &when) != ETIMEDOUT)
    return (void *) 4;
  return NULL;
}

static void *
blocked_reader (void *arg)
{
  struct timespec when = past ();
  if (pthread_rwlock_timedrdlock (&rw, &when) != ETIMEDOUT)
    return (void *) 5;
  if (pthread_rwlock_clockrdlock (&rw, CLOCK_MONOTONIC, &when) != ETIMEDOUT)
    return (void *) 6;
  if (pthread_rwlock_tryrdlock (&rw) != EBUSY)
    return (void *) 7;
  return NULL;
}

int
main (void)
{
  pthread_t t;
  void *res;
  pthread_rwlock_init (&rw, NULL);

  pthread_rwlock_rdlock (&rw);
  value = 1;
  t = spawn (other, NULL);
  pthread_join (t, &res);
  pthread_rwlock_unlock (&rw);
  if (res != NULL)
    return 10;

  pthread_rwlock_wrlock (&rw);
  value = 2;
  t = spawn (blocked_reader, NULL);
  pthread_join (t, &res);
  pthread_rwlock_unlock (&rw);
  if (res != NULL)
    return 11;

  pthread_rwlock_wrlock (&statik);
  value = 3;
  pthread_rwlock_unlock (&statik);

  pthread_rwlock_destroy (&rw);
  return 0;
}
