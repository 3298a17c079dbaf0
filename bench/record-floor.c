/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * record-floor.c — what the machine alone charges for writing a trace of
 * BYTES bytes: one thread creates a file in DIR, maps it shared as the
 * runtime does (fallocate, MAP_SHARED, MADV_POPULATE_WRITE), stores 32-byte
 * records into it one after another, and removes it.  No hooks, no
 * ordering, no contention: only the page cache and first touches of fresh
 * memory, which a virtual machine may charge for dearly.  Prints the median
 * of RUNS runs in microseconds, so that `make bench` can say how much of
 * the recording overhead is this floor.
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
  double t0 = now_us ();
  int fd = open (path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0 || fallocate (fd, 0, 0, (off_t) bytes) != 0)
    {
      perror (path);
      exit (1);
    }
  char *p = mmap (NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (p == MAP_FAILED)
    {
      perror ("mmap");
      exit (1);
    }
  (void) madvise (p, bytes, MADV_POPULATE_WRITE);
  uint64_t record[4] = { 1, 2, 3, 4 };
  for (size_t off = 0; off + sizeof record <= bytes; off += sizeof record)
    {
      record[0] = off;
      memcpy (p + off, record, sizeof record);
      __asm__ volatile ("" : : "r" (p) : "memory");
    }
  munmap (p, bytes);
  close (fd);
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
