/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A program that puts a pipe's write end at fixed descriptor numbers
 * (dup2 onto 40 to 63, then onto 1000 to 1019), where the execution
 * server may keep its copies of the inherited descriptors.  Natively the
 * numbers are free and every dup2 succeeds; the executions must see that
 * too (the server sends them to forked processes when a number is its
 * own, and says so), and stdout must stay usable.  The bug is the
 * unsynchronised `shared`.
 */
#include <assert.h>
#include <pthread.h>
#include <unistd.h>

static int shared;

static void *
worker (void *arg)
{
  shared++;
  return arg;
}

static void
through (int p[2], int fd)
{
  char c = 0;
  assert (dup2 (p[1], fd) == fd);
  assert (write (fd, "x", 1) == 1);
  assert (read (p[0], &c, 1) == 1 && c == 'x');
  assert (close (fd) == 0);
}

int
main (void)
{
  pthread_t t[2];
  int p[2];
  assert (pipe (p) == 0);
  for (int k = 0; k < 2; k++)
    pthread_create (&t[k], NULL, worker, NULL);
  for (int k = 0; k < 2; k++)
    pthread_join (t[k], NULL);
  for (int fd = 40; fd < 64; fd++)
    through (p, fd);
  for (int fd = 1000; fd < 1020; fd++)
    through (p, fd);
  close (p[0]);
  close (p[1]);
  assert (write (1, "", 0) == 0);
  return 0;
}
