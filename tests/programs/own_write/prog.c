/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * own_write — a program that defines its own write() and listen() (a
 * network server's wrappers, say): the dynamic linker binds every call to
 * those names to the program's, augur's runtime included, which must not
 * use them for its own work.  The bug is an ordinary lost update.
 */
#include <assert.h>
#include <pthread.h>
#include <sys/types.h>
#include <unistd.h>

static long written;

ssize_t
write (int fd, const void *data, size_t n)
{
  (void) fd;
  (void) data;
  written += (long) n;
  return (ssize_t) n;
}

int
listen (int fd, int backlog)
{
  (void) fd;
  (void) backlog;
  return 0;
}

static int served;

static void *
server (void *unused)
{
  listen (3, 16);
  int s = served;                               /* [data-race] [atomicity-violation] */
  served = s + 1;                               /* [data-race] [atomicity-violation] */
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, server, NULL);
  pthread_create (&b, NULL, server, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (served == 2);                         /* [assertion] */
  return 0;
}
