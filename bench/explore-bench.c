/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * explore-bench.c — runs one command (augur explore ...), then prints its
 * wall time and the peak resident memory of it and all its descendants
 * (getrusage(RUSAGE_CHILDREN): augur, the fork server and every
 * execution), on one line after the command's own output.
 *
 * Usage: explore-bench COMMAND [ARG...]
 */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      fprintf (stderr, "usage: explore-bench COMMAND [ARG...]\n");
      return 2;
    }
  struct timespec t0, t1;
  clock_gettime (CLOCK_MONOTONIC, &t0);
  pid_t pid = fork ();
  if (pid == 0)
    {
      execvp (argv[1], argv + 1);
      perror (argv[1]);
      _exit (127);
    }
  int st = 0;
  waitpid (pid, &st, 0);
  clock_gettime (CLOCK_MONOTONIC, &t1);
  struct rusage ru;
  getrusage (RUSAGE_CHILDREN, &ru);
  double secs = (double) (t1.tv_sec - t0.tv_sec) + (double) (t1.tv_nsec - t0.tv_nsec) / 1e9;
  printf ("wall %.2f s, peak memory %.1f MiB (augur, fork server and executions)\n", secs,
          (double) ru.ru_maxrss / 1024.0);
  return WIFEXITED (st) ? WEXITSTATUS (st) : 128;
}
