/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * fork-floor.c — what the operating system alone charges for one execution
 * of a THREADS-thread program under the explorer: pinned to one CPU, as the
 * fork server is, fork a child that creates THREADS threads (256 KiB
 * stacks, as the fork server's children get) that do nothing, joins them
 * and exits; wait for it.  Prints the median of RUNS rounds of 50 such
 * executions, in microseconds per execution, so that `make bench` can say
 * how far above that floor the explorer's executions are.
 *
 * Usage: fork-floor THREADS [RUNS]
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PER_ROUND 50

static void *
nothing (void *arg)
{
  return arg;
}

static double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

int
main (int argc, char **argv)
{
  int threads = argc > 1 ? atoi (argv[1]) : 0;
  int runs = argc > 2 ? atoi (argv[2]) : 5;
  if (threads < 0 || threads > 64 || runs < 1 || runs > 100)
    {
      fprintf (stderr, "usage: fork-floor THREADS(0-64) [RUNS(1-100)]\n");
      return 2;
    }
  cpu_set_t set;
  CPU_ZERO (&set);
  CPU_SET (sched_getcpu () >= 0 ? sched_getcpu () : 0, &set);
  sched_setaffinity (0, sizeof set, &set);
  double per[100];
  for (int r = 0; r < runs; r++)
    {
      double t0 = now ();
      for (int i = 0; i < PER_ROUND; i++)
        {
          pid_t pid = fork ();
          if (pid < 0)
            {
              perror ("fork");
              return 1;
            }
          if (pid == 0)
            {
              pthread_t t[64];
              pthread_attr_t attr;
              pthread_attr_init (&attr);
              pthread_attr_setstacksize (&attr, 256 * 1024);
              for (int k = 0; k < threads; k++)
                if (pthread_create (&t[k], &attr, nothing, NULL) != 0)
                  _exit (1);
              for (int k = 0; k < threads; k++)
                pthread_join (t[k], NULL);
              _exit (0);
            }
          int st;
          if (waitpid (pid, &st, 0) < 0 || !WIFEXITED (st) || WEXITSTATUS (st) != 0)
            {
              fprintf (stderr, "fork-floor: a child failed\n");
              return 1;
            }
        }
      per[r] = (now () - t0) / PER_ROUND * 1e6;
    }
  qsort (per, runs, sizeof per[0], cmp_double);
  printf ("%.0f\n", per[runs / 2]);
  return 0;
}
