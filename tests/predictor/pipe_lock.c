/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * pipe_lock.c — a pipe used as a lock, as libuv's uv__signal_lock does:
 * one byte in the pipe is the lock, a read takes it and a write gives it
 * back.  flags[] is accessed only between the two: every read that took
 * the byte follows the write that put it there, so nothing may be
 * predicted on flags. */
#include <pthread.h>
#include <unistd.h>

static int fds[2];
static int flags[4];

static void
lock (void)
{
  char c;
  while (read (fds[0], &c, 1) != 1)
    ;
}

static void
unlock (void)
{
  char c = 42;
  while (write (fds[1], &c, 1) != 1)
    ;
}

static void *
work (void *a)
{
  long me = (long) a;
  for (int i = 0; i < 2; i++)
    {
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
  if (pipe (fds) != 0)
    return 1;
  unlock ();
  for (long i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, work, (void *) i);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  return 0;
}
