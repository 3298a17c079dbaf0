/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * wake-floor.c — what one hand-over between augur and its execution server
 * costs the operating system: two processes play ping-pong over two pipes
 * (a byte each way, as the command and answer bytes do), each doing WORK
 * microseconds of busy work per turn (the search's analysis, the server's
 * execution), pinned to two different CPUs and then to one.  Prints
 * microseconds per round trip, the median of RUNS rounds of 5,000, so that
 * `make bench` shows what placing the search next to its server saves on
 * this machine (explorer/executor.h).
 *
 * Usage: wake-floor WORK [RUNS]
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PER_ROUND 5000

static double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return (double) t.tv_sec + (double) t.tv_nsec * 1e-9;
}

static void
busy (double us)
{
  double end = now () + us * 1e-6;
  while (now () < end)
    ;
}

static int
pin (int cpu)
{
  cpu_set_t set;
  CPU_ZERO (&set);
  CPU_SET (cpu, &set);
  return sched_setaffinity (0, sizeof set, &set);
}

/* One round: microseconds per round trip, the two sides on CPUs a and b. */
static double
round_trip (int a, int b, double work)
{
  int there[2], back[2];
  if (pipe (there) != 0 || pipe (back) != 0)
    {
      perror ("pipe");
      exit (1);
    }
  char c = 0;
  pid_t pid = fork ();
  if (pid == 0)
    {
      pin (b);
      for (int i = 0; i < PER_ROUND; i++)
        {
          if (read (there[0], &c, 1) != 1)
            _exit (1);
          busy (work);
          if (write (back[1], &c, 1) != 1)
            _exit (1);
        }
      _exit (0);
    }
  pin (a);
  double t0 = now ();
  for (int i = 0; i < PER_ROUND; i++)
    {
      if (write (there[1], &c, 1) != 1 || read (back[0], &c, 1) != 1)
        {
          perror ("ping-pong");
          exit (1);
        }
      busy (work);
    }
  double t = now () - t0;
  waitpid (pid, NULL, 0);
  close (there[0]);
  close (there[1]);
  close (back[0]);
  close (back[1]);
  return t / PER_ROUND * 1e6;
}

static int
cmp (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      fprintf (stderr, "usage: wake-floor WORK [RUNS]\n");
      return 2;
    }
  double work = atof (argv[1]);
  int runs = argc > 2 ? atoi (argv[2]) : 5;
  if (runs < 1 || runs > 100)
    runs = 5;
  cpu_set_t set;
  if (sched_getaffinity (0, sizeof set, &set) != 0)
    return 1;
  int cpus[2], n = 0;
  for (int k = 0; k < CPU_SETSIZE && n < 2; k++)
    if (CPU_ISSET (k, &set))
      cpus[n++] = k;
  double *two = calloc ((size_t) runs, sizeof *two), *one = calloc ((size_t) runs, sizeof *one);
  for (int r = 0; r < runs; r++)
    {
      /* alternated, so that drift in the machine's speed hits both */
      two[r] = n == 2 ? round_trip (cpus[0], cpus[1], work) : 0;
      one[r] = round_trip (cpus[0], cpus[0], work);
    }
  qsort (two, (size_t) runs, sizeof *two, cmp);
  qsort (one, (size_t) runs, sizeof *one, cmp);
  if (n == 2)
    printf ("pipe round trip with %.0f us of work a side: %.1f us on two CPUs, %.1f us on one "
            "(medians of %d rounds of %d)\n",
            work, two[runs / 2], one[runs / 2], runs, PER_ROUND);
  else
    printf ("pipe round trip with %.0f us of work a side: %.1f us on one CPU (only one online)\n",
            work, one[runs / 2]);
  free (two);
  free (one);
  return 0;
}
