/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * sock_lock.c — pipe_lock.c through a socket pair: one byte sent from
 * one end is the lock, a read at the other end takes it and a send gives
 * it back.  flags[] is accessed only between the two, so nothing may be
 * predicted on it; calls is counted outside the lock, and its race is
 * predicted. */
#include <pthread.h>
#include <sys/socket.h>
#include <unistd.h>

static int sv[2];
static int flags[4];
static int calls;

static void
lock (void)
{
  char c;
  while (read (sv[1], &c, 1) != 1)
    ;
}

static void
unlock (void)
{
  char c = 42;
  while (send (sv[0], &c, 1, 0) != 1)
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
  if (socketpair (AF_UNIX, SOCK_STREAM, 0, sv) != 0)
    return 1;
  unlock ();
  for (long i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, work, (void *) i);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  return 0;
}
