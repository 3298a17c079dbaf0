/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * pipe_lock_leak.c — pipe_lock.c with one counter, calls, updated outside
 * the lock: its race (a lost update, which fails the assertion) is still
 * predicted and confirmed, while flags[], accessed only between the read
 * and the write that take and give back the pipe's byte, gets no
 * prediction. */
#include <assert.h>
#include <pthread.h>
#include <unistd.h>

static int fds[2];
static int flags[4];
static int calls;

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
  if (pipe (fds) != 0)
    return 1;
  unlock ();
  for (long i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, work, (void *) i);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  assert (calls == 8);   /* no update lost */
  return 0;
}
