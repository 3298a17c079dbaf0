/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * record-floor.c — what the machine alone charges for writing a trace of
 * BYTES bytes the way the runtime does (runtime/rt-trace.c): one thread
 * fills a 16 KiB staging chunk (one warm page of a shared mapping) with
 * 32-byte records, writes it to its place in the trace with pwrite and
 * clears it, chunk after chunk, then removes the file.  No hooks, no
 * ordering, no contention: only the page cache.  Prints the median of RUNS
 * runs in microseconds, so that `make bench` can say how much of the
 * recording overhead is this floor.
 *
 * Usage: record-floor DIR BYTES [RUNS]
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static double
now_us (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int
compare (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double
one_run (const char *path, size_t bytes)
{
  enum { CHUNK = 16384 };
  char stage_path[4096];
  snprintf (stage_path, sizeof stage_path, "%s.stage", path);
  double t0 = now_us ();
  int fd = open (path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  int sfd = open (stage_path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0 || sfd < 0 || ftruncate (sfd, CHUNK) != 0)
    {
      perror (path);
      exit (1);
    }
  char *p = mmap (NULL, CHUNK, PROT_READ | PROT_WRITE, MAP_SHARED, sfd, 0);
  if (p == MAP_FAILED)
    {
      perror ("mmap");
      exit (1);
    }
  uint64_t record[4] = { 1, 2, 3, 4 };
  for (size_t base = 0; base < bytes; base += CHUNK)
    {
      size_t n = bytes - base < CHUNK ? bytes - base : CHUNK;
      for (size_t off = 0; off + sizeof record <= n; off += sizeof record)
        {
          record[0] = base + off;
          memcpy (p + off, record, sizeof record);
          __asm__ volatile ("" : : "r" (p) : "memory");
        }
      if (pwrite (fd, p, n, (off_t) base) != (ssize_t) n)
        {
          perror ("pwrite");
          exit (1);
        }
      memset (p, 0, n);
      __asm__ volatile ("" : : "r" (p) : "memory");
    }
  munmap (p, CHUNK);
  close (sfd);
  close (fd);
  unlink (stage_path);
  unlink (path);
  return now_us () - t0;
}

int
main (int argc, char **argv)
{
  if (argc < 3)
    {
      fprintf (stderr, "usage: record-floor DIR BYTES [RUNS]\n");
      return 2;
    }
  size_t bytes = strtoull (argv[2], NULL, 10);
  int runs = argc > 3 ? atoi (argv[3]) : 5;
  if (bytes == 0 || runs < 1 || runs > 100)
    {
      fprintf (stderr, "record-floor: BYTES must be > 0 and RUNS 1..100\n");
      return 2;
    }
  char path[4096];
  snprintf (path, sizeof path, "%s/record-floor.%d", argv[1], (int) getpid ());
  double t[100];
  for (int i = 0; i < runs; i++)
    t[i] = one_run (path, bytes);
  qsort (t, runs, sizeof t[0], compare);
  printf ("%.0f\n", t[(runs - 1) / 2]);
  return 0;
}
