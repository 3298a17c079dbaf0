/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * eventfd_lock.c — pipe_lock.c through an eventfd: its counter at 1 is the
 * lock, a read takes it (back to 0) and a write of 1 gives it back.
 * flags[] is accessed only between the two, so nothing may be predicted
 * on it; calls is counted outside the lock, and its race is predicted. */
#include <pthread.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <unistd.h>

static int efd;
static int flags[4];
static int calls;

static void
lock (void)
{
  uint64_t n;
  while (read (efd, &n, sizeof n) != (ssize_t) sizeof n)
    ;
}

static void
unlock (void)
{
  uint64_t one = 1;
  while (write (efd, &one, sizeof one) != (ssize_t) sizeof one)
    ;
}

static void *
work (void *a)
{
  long me = (long) a;
  for (int i = 0; i < 2; i++)
    {
      calls++;
      lock ();
      int x = flags[(me + 1) % 4];
      flags[me] |= x + 1;
      unlock ();
    }
  return NULL;
}

int
main (void)
{
  pthread_t t[4];
  efd = eventfd (0, 0);
  if (efd < 0)
    return 1;
  unlock ();
  for (long i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, work, (void *) i);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  return 0;
}
