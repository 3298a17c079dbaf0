/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libc_lock_ok.c — two threads convert a time: localtime_r takes glibc's
 * own time-zone lock and, on first use, frees memory while it holds it.
 * No bug.  A switch at that free (a step under preempt or PCT) let the
 * other thread wait for the lock augur cannot see, and every execution
 * stopped as a hang.
 */
#include <pthread.h>
#include <stddef.h>
#include <time.h>

static void *
convert (void *arg)
{
  time_t when = (time_t) (size_t) arg;
  struct tm tm;
  localtime_r (&when, &tm);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, convert, (void *) 0);
  pthread_create (&b, NULL, convert, (void *) 86400);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
