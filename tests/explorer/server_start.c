/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * server_start.c — a program whose execution server does not start, in
 * the way SERVER_START says: a constructor that exits (status 7), that
 * aborts, or that closes the channel to augur (fds 4 and 5) and lives
 * on.  Unset, it runs: one thread, joined.  augur explore must say which
 * (tests/explorer/test-executor.sh).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* the server says it is up just before main, after the constructors */
__attribute__ ((constructor (101))) static void
early (void)
{
  const char *how = getenv ("SERVER_START");
  if (how == NULL)
    return;
  if (strcmp (how, "exit") == 0)
    exit (7);
  if (strcmp (how, "abort") == 0)
    abort ();
  if (strcmp (how, "close") == 0)
    {
      close (4);
      close (5);
      sleep (60);
    }
}

static void *
worker (void *arg)
{
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_join (t, NULL);
  return 0;
}
