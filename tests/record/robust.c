/* SPDX-License-Identifier: GPL-3.0-or-later
 * robust.c — a thread exits holding two robust mutexes and a normal one:
 * the robust ones are recorded as unlocked at its exit (the kernel's
 * owner-died release), the normal one is not; main's trylock then takes
 * one with EOWNERDEAD and makes it consistent, an unlock without that
 * leaves the other not recoverable (ENOTRECOVERABLE). */
#include <errno.h>
#include <pthread.h>
#include "record-util.h"

static pthread_mutex_t r1, r2, plain;

static void *
owner (void *arg)
{
  pthread_mutex_lock (&r1);
  pthread_mutex_lock (&plain);
  pthread_mutex_lock (&r2);
  return NULL;   /* exits holding all three */
}

int
main (void)
{
  pthread_mutexattr_t a;
  pthread_mutexattr_init (&a);
  pthread_mutexattr_setrobust (&a, PTHREAD_MUTEX_ROBUST);
  pthread_mutex_init (&r1, &a);
  pthread_mutex_init (&r2, &a);
  pthread_mutexattr_destroy (&a);
  pthread_mutex_init (&plain, NULL);
  pthread_join (spawn (owner, NULL), NULL);
  if (pthread_mutex_trylock (&r1) != EOWNERDEAD || pthread_mutex_consistent (&r1) != 0)
    return 1;
  pthread_mutex_unlock (&r1);
  if (pthread_mutex_lock (&r2) != EOWNERDEAD)
    return 2;
  pthread_mutex_unlock (&r2);
  if (pthread_mutex_lock (&r2) != ENOTRECOVERABLE)
    return 3;
  return 0;
}
