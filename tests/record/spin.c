/* SPDX-License-Identifier: GPL-3.0-or-later
 * spin.c — spinlock init, lock, trylock failing in another thread, unlock,
 * trylock succeeding, destroy. */
#include "record-util.h"
#include <errno.h>
#include <pthread.h>

static pthread_spinlock_t s;
int value;

static void *
other (void *arg)
{
  return (void *) (long) pthread_spin_trylock (&s);
}

int
main (void)
{
  pthread_t t;
  void *res;
  pthread_spin_init (&s, PTHREAD_PROCESS_PRIVATE);
  pthread_spin_lock (&s);
  value = 1;
  t = spawn (other, NULL);
  pthread_join (t, &res);
  pthread_spin_unlock (&s);
  if (res != (void *) EBUSY)
    return 10;
  if (pthread_spin_trylock (&s) != 0)
    return 11;
  value = 2;
  pthread_spin_unlock (&s);
  pthread_spin_destroy (&s);
  return 0;
}
