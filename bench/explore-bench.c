/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * explore-bench.c — runs one command (augur explore ..., or a recorded
 * workload), then prints its wall time, the CPU time (user + system) of
 * it and all its descendants, and the peak resident memory of the
 * largest of them (getrusage(RUSAGE_CHILDREN): augur, the fork server and
 * every execution; ru_maxrss is the maximum over the processes, not a
 * sum), on one line after the command's own output.
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
  double cpu = (double) ru.ru_utime.tv_sec + (double) ru.ru_utime.tv_usec / 1e6
               + (double) ru.ru_stime.tv_sec + (double) ru.ru_stime.tv_usec / 1e6;
  printf ("wall %.2f s, cpu %.2f s, peak memory %.1f MiB (the largest process)\n", secs, cpu,
          (double) ru.ru_maxrss / 1024.0);
  return WIFEXITED (st) ? WEXITSTATUS (st) : 128;
}
