/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A program that closes every descriptor it did not open, as daemons do
 * before they start (closefrom), and then its stdout.  The execution
 * server keeps copies of the inherited descriptors at numbers the
 * program never opened, to put stdout back for the next execution: the
 * loop must not close them (natively they are not open: close fails
 * with EBADF), or the next execution finds stdout closed and fails its
 * assertion, a false failure.  The bug is the unsynchronised `shared`.
 */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <unistd.h>

static int shared;

static void *
worker (void *arg)
{
  shared++;
  return arg;
}

int
main (void)
{
  pthread_t t[2];
  for (int k = 0; k < 2; k++)
    pthread_create (&t[k], NULL, worker, NULL);
  for (int k = 0; k < 2; k++)
    pthread_join (t[k], NULL);
  assert (write (1, "", 0) == 0);
  for (int fd = 3; fd < 1100; fd++)
    assert (close (fd) == -1 && errno == EBADF);
  assert (close (1) == 0);
  return 0;
}
