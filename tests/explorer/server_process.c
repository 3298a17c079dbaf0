/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Process state that an execution changes and the next must find as it
 * was: the program writes a line to stdout and closes it (as gnulib's
 * close_stdout does, to catch a write error), opens a file by a relative
 * path and then moves to "/" (it never starts there), and sets its umask.  On fibers the next
 * execution found stdout closed, the directory and the umask changed,
 * and failed its assertions: a false failure, "complete".  The bug is the
 * unsynchronised `shared`.
 */
#include <assert.h>
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int shared;

static void *
worker (void *arg)
{
  shared++;
  return arg;
}

int
main (int argc, char **argv)
{
  (void) argc;
  pthread_t t[2];
  for (int k = 0; k < 2; k++)
    pthread_create (&t[k], NULL, worker, NULL);
  for (int k = 0; k < 2; k++)
    pthread_join (t[k], NULL);
  mode_t old = umask (077);
  assert (old != 077);
  char dir[4096];
  assert (getcwd (dir, sizeof dir) != NULL && strcmp (dir, "/") != 0);   /* never run from / */
  int fd = open (argv[0], O_RDONLY);
  assert (fd >= 0);
  close (fd);
  assert (chdir ("/") == 0);
  assert (write (1, "", 0) == 0);
  assert (close (1) == 0);
  return 0;
}
