/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * robust_owner — no race through a robust mutex's owner-died release.  The
 * owner writes value holding m (line 22) and exits holding it; main's lock
 * returns EOWNERDEAD, which takes m, and main reads value (line 38).  The
 * kernel's release at the owner's exit orders the two (the runtime records
 * it as an unlock), and main's critical section is a critical section: no
 * race on value.  Nothing else orders them (main never joins the owner).
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static pthread_mutex_t m;
static int value;

static void *
owner (void *arg)
{
  pthread_mutex_lock (&m);
  value = 1;
  return arg;   /* exits holding m */
}

int
main (void)
{
  pthread_mutexattr_t a;
  pthread_mutexattr_init (&a);
  pthread_mutexattr_setrobust (&a, PTHREAD_MUTEX_ROBUST);
  pthread_mutex_init (&m, &a);
  pthread_t t;
  pthread_create (&t, NULL, owner, NULL);
  pthread_detach (t);
  usleep (50000);
  int rc = pthread_mutex_lock (&m);
  int v = value;
  if (rc == EOWNERDEAD)
    {
      pthread_mutex_consistent (&m);
      printf ("owner died\n");
    }
  pthread_mutex_unlock (&m);
  return v == 2;
}
