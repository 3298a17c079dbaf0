/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * explore-bench.c — runs one command (augur explore ..., a peer model
 * checker, or a recorded workload), then prints its wall time, the CPU
 * time (user + system) of it and all its descendants, and the peak
 * resident memory of the largest of them (getrusage(RUSAGE_CHILDREN):
 * augur, the fork server and every execution; ru_maxrss is the maximum
 * over the processes, not a sum), on one line after the command's own
 * output.  While the command runs, the peak resident memory (VmHWM) of
 * the command's own process and of each of its descendants (augur's fork
 * and execution servers) is read from /proc, first every 5 ms, then less
 * often up to every 200 ms: the same line then gives the command's own
 * peak and that of its largest descendant apart ("own" and "children",
 * each the last value read, so a peak reached in the last moments of a
 * process may be missed; the rusage figure is exact).
 *
 * With -t SECONDS, a command still running after SECONDS is stopped (its
 * process group: SIGTERM, then SIGKILL a second later), a line "timeout
 * after SECONDS s" comes before the figures and the exit status is 124.
 *
 * Usage: explore-bench [-t SECONDS] COMMAND [ARG...]
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_PROCS 65536

static pid_t pids[MAX_PROCS];
static pid_t ppids[MAX_PROCS];
static char in_tree[MAX_PROCS];

/* the peak resident memory of process PID in KiB, or -1 */
static long
read_hwm (pid_t pid)
{
  char path[64], line[256];
  snprintf (path, sizeof path, "/proc/%d/status", (int) pid);
  FILE *f = fopen (path, "r");
  if (f == NULL)
    return -1;
  long kib = -1;
  while (fgets (line, sizeof line, f) != NULL)
    if (strncmp (line, "VmHWM:", 6) == 0)
      {
        kib = strtol (line + 6, NULL, 10);
        break;
      }
  fclose (f);
  return kib;
}

/* the parent of process PID, or -1 */
static pid_t
read_ppid (pid_t pid)
{
  char path[64], buf[512];
  snprintf (path, sizeof path, "/proc/%d/stat", (int) pid);
  FILE *f = fopen (path, "r");
  if (f == NULL)
    return -1;
  size_t n = fread (buf, 1, sizeof buf - 1, f);
  fclose (f);
  buf[n] = '\0';
  /* pid (comm) state ppid ...: comm may hold spaces and parentheses */
  char *p = strrchr (buf, ')');
  if (p == NULL)
    return -1;
  char state;
  int ppid;
  if (sscanf (p + 1, " %c %d", &state, &ppid) != 2)
    return -1;
  return (pid_t) ppid;
}

/* one look at the process tree under ROOT: raise *OWN to ROOT's peak
 * and *CHILDREN to the largest peak of its descendants */
static void
sample (pid_t root, long *own, long *children)
{
  long h = read_hwm (root);
  if (h > *own)
    *own = h;
  DIR *d = opendir ("/proc");
  if (d == NULL)
    return;
  size_t n = 0;
  struct dirent *e;
  while ((e = readdir (d)) != NULL && n < MAX_PROCS)
    {
      char *end;
      long pid = strtol (e->d_name, &end, 10);
      if (*end != '\0' || pid <= 0)
        continue;
      pid_t pp = read_ppid ((pid_t) pid);
      if (pp < 0)
        continue;
      pids[n] = (pid_t) pid;
      ppids[n] = pp;
      in_tree[n] = 0;
      n++;
    }
  closedir (d);
  /* descendants of ROOT: the tree is shallow (augur, fork server,
   * execution server), a few passes settle it */
  for (int changed = 1; changed;)
    {
      changed = 0;
      for (size_t i = 0; i < n; i++)
        {
          if (in_tree[i])
            continue;
          int parent_in = ppids[i] == root;
          for (size_t j = 0; !parent_in && j < n; j++)
            parent_in = in_tree[j] && pids[j] == ppids[i];
          if (parent_in)
            {
              in_tree[i] = 1;
              changed = 1;
            }
        }
    }
  for (size_t i = 0; i < n; i++)
    if (in_tree[i])
      {
        h = read_hwm (pids[i]);
        if (h > *children)
          *children = h;
      }
}

static double
since (const struct timespec *t0)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return (double) (t.tv_sec - t0->tv_sec) + (double) (t.tv_nsec - t0->tv_nsec) / 1e9;
}

int
main (int argc, char **argv)
{
  double limit = 0;
  int first = 1;
  if (argc > 2 && strcmp (argv[1], "-t") == 0)
    {
      limit = atof (argv[2]);
      first = 3;
    }
  if (argc <= first)
    {
      fprintf (stderr, "usage: explore-bench [-t SECONDS] COMMAND [ARG...]\n");
      return 2;
    }
  /* SIGCHLD blocked and waited for with the sampling interval as the
   * limit: the end of the command is seen at once, not at the next look */
  sigset_t chld, old;
  sigemptyset (&chld);
  sigaddset (&chld, SIGCHLD);
  sigprocmask (SIG_BLOCK, &chld, &old);
  struct timespec t0;
  clock_gettime (CLOCK_MONOTONIC, &t0);
  pid_t pid = fork ();
  if (pid == 0)
    {
      sigprocmask (SIG_SETMASK, &old, NULL);
      setpgid (0, 0);
      execvp (argv[first], argv + first);
      perror (argv[first]);
      _exit (127);
    }
  setpgid (pid, pid);
  int st = 0;
  long own = -1, children = -1;
  long interval_us = 5000;
  int timed_out = 0;
  double killed_at = 0;
  for (;;)
    {
      pid_t r = waitpid (pid, &st, WNOHANG);
      if (r == pid || (r < 0 && errno != EINTR))
        break;
      sample (pid, &own, &children);
      double now = since (&t0);
      if (limit > 0 && now > limit && !timed_out)
        {
          timed_out = 1;
          killed_at = now;
          kill (-pid, SIGTERM);
        }
      else if (timed_out && now > killed_at + 1)
        kill (-pid, SIGKILL);
      struct timespec pause = { 0, interval_us * 1000 };
      sigtimedwait (&chld, NULL, &pause);
      if (interval_us < 200000)
        interval_us = interval_us * 3 / 2;
    }
  double secs = since (&t0);
  if (timed_out)
    kill (-pid, SIGKILL);       /* whatever the command left behind in its group */
  struct rusage ru;
  getrusage (RUSAGE_CHILDREN, &ru);
  double cpu = (double) ru.ru_utime.tv_sec + (double) ru.ru_utime.tv_usec / 1e6
               + (double) ru.ru_stime.tv_sec + (double) ru.ru_stime.tv_usec / 1e6;
  if (timed_out)
    printf ("timeout after %g s\n", limit);
  printf ("wall %.2f s, cpu %.2f s, peak memory %.1f MiB (the largest process)", secs, cpu,
          (double) ru.ru_maxrss / 1024.0);
  if (own > 0)
    printf (", own %.1f MiB", (double) own / 1024.0);
  if (children > 0)
    printf (", children %.1f MiB", (double) children / 1024.0);
  printf ("\n");
  if (timed_out)
    return 124;
  return WIFEXITED (st) ? WEXITSTATUS (st) : 128;
}
