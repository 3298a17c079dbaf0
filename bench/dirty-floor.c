/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dirty-floor.c — what finding the pages an execution wrote costs on this
 * machine, by each way the execution server could use (runtime/
 * rt-snapshot.c): a region of REGION pages of which WRITTEN are written
 * per round, then found and made ready for the next round.
 *
 *   compare   every page compared with a copy (the old restore);
 *   uffd-wp   userfaultfd asynchronous write-protect (Linux 6.7): the
 *             kernel resolves each first write itself; PAGEMAP_SCAN lists
 *             the written pages, UFFDIO_WRITEPROTECT protects them again
 *             (what the server uses);
 *   mprotect  the region read-only, a SIGSEGV handler that makes the page
 *             writable and notes it, mprotect again at the end;
 *   soft-dirty  /proc/self/clear_refs and the pagemap's bit 55, if the
 *             kernel has CONFIG_MEM_SOFT_DIRTY.
 *
 * Each with the same pages written every round (the runtime's own
 * variables, the program's globals) and with other pages each round.
 * The server does not protect again a page written in two executions in a
 * row (it compares it instead): with the same pages every round it pays
 * compare's price for those pages only, not uffd-wp's.  Prints the median
 * of 9 rounds of 200 in microseconds of CPU time (user + system: the
 * machine is shared, its wall time says little) per round, or why a way
 * is not available.
 *
 * Usage: dirty-floor [REGION [WRITTEN]]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "runtime/rt-pagemap-scan.h"

#define PAGE 4096u
#define PER_ROUND 200
#define ROUNDS 9

static size_t region, written;
static int moving;        /* each round writes other pages than the last */
static char *mem, *copy;
static int uffd, pagemap;
static volatile long faults;

static double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* the pages one round writes: spread over the region */
static void
write_pages (long round)
{
  for (size_t k = 0; k < written; k++)
    mem[((k * 7 + (moving ? (size_t) round * written * 7 : 0)) % region) * PAGE + 8] = (char) round;
}

static void
round_compare (long round)
{
  write_pages (round);
  for (size_t p = 0; p < region; p++)
    if (memcmp (mem + p * PAGE, copy + p * PAGE, PAGE) != 0)
      memcpy (mem + p * PAGE, copy + p * PAGE, PAGE);
}

static void
protect (uintptr_t lo, size_t len)
{
  struct uffdio_writeprotect wp = { .range = { lo, len }, .mode = UFFDIO_WRITEPROTECT_MODE_WP };
  if (ioctl (uffd, UFFDIO_WRITEPROTECT, &wp) != 0)
    abort ();
}

static void
round_uffd (long round)
{
  write_pages (round);
  ScanRange v[64];
  ScanArg a = { .size = sizeof a, .start = (uintptr_t) mem, .end = (uintptr_t) mem + region * PAGE,
                .vec = (uintptr_t) v, .vec_len = 64, .category_mask = SCAN_PAGE_WRITTEN,
                .return_mask = SCAN_PAGE_WRITTEN };
  long n = ioctl (pagemap, SCAN_IOCTL, &a);
  for (long k = 0; k < n; k++)
    {
      for (uintptr_t p = v[k].start; p < v[k].end; p += PAGE)
        memcpy ((char *) p, copy + (p - (uintptr_t) mem), PAGE);
      protect (v[k].start, v[k].end - v[k].start);
    }
}

static void
on_segv (int sig, siginfo_t *info, void *ctx)
{
  (void) sig, (void) ctx;
  char *p = (char *) ((uintptr_t) info->si_addr & ~(uintptr_t) (PAGE - 1));
  if (p < mem || p >= mem + region * PAGE)
    abort ();
  mprotect (p, PAGE, PROT_READ | PROT_WRITE);
  faults++;
}

static void
round_mprotect (long round)
{
  write_pages (round);
  /* a real restore would keep the list the handler made; the copy back
   * costs the same as in the other ways */
  mprotect (mem, region * PAGE, PROT_READ);
}

static int
setup_uffd (void)
{
  uffd = (int) syscall (SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK | UFFD_USER_MODE_ONLY);
  if (uffd < 0)
    return printf ("uffd-wp: no userfaultfd (%s)\n", strerror (errno)), 0;
  struct uffdio_api api = { .api = UFFD_API, .features = TRACK_FEATURES };
  if (ioctl (uffd, UFFDIO_API, &api) != 0)
    return printf ("uffd-wp: no asynchronous write-protect (%s)\n", strerror (errno)), 0;
  pagemap = open ("/proc/self/pagemap", O_RDONLY);
  struct uffdio_register reg = { .range = { (uintptr_t) mem, region * PAGE }, .mode = UFFDIO_REGISTER_MODE_WP };
  if (pagemap < 0 || ioctl (uffd, UFFDIO_REGISTER, &reg) != 0)
    return printf ("uffd-wp: cannot register (%s)\n", strerror (errno)), 0;
  protect ((uintptr_t) mem, region * PAGE);
  return 1;
}

static int
soft_dirty_available (void)
{
  int fd = open ("/proc/self/clear_refs", O_WRONLY);
  if (fd < 0 || write (fd, "4", 1) != 1)
    return 0;
  close (fd);
  mem[0] = 1;
  uint64_t e = 0;
  int pm = open ("/proc/self/pagemap", O_RDONLY);
  if (pm < 0 || pread (pm, &e, sizeof e, (off_t) ((uintptr_t) mem / PAGE * 8)) != 8)
    return 0;
  close (pm);
  return (e >> 55) & 1;
}

static void
measure (const char *name, void (*round) (long))
{
  double t[ROUNDS];
  long r = 0;
  for (int k = 0; k < ROUNDS; k++)
    {
      double t0 = now ();
      for (int j = 0; j < PER_ROUND; j++)
        round (r++);
      t[k] = (now () - t0) / PER_ROUND;
    }
  qsort (t, ROUNDS, sizeof t[0], cmp_double);
  printf ("%-9s %8.1f us per round (%zu pages, %zu written, %s)\n", name, t[ROUNDS / 2], region,
          written, moving ? "other pages each round" : "the same pages each round");
}

int
main (int argc, char **argv)
{
  region = argc > 1 ? strtoul (argv[1], NULL, 10) : 476;
  written = argc > 2 ? strtoul (argv[2], NULL, 10) : 17;
  if (region == 0 || written > region)
    return 2;
  mem = mmap (NULL, region * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  copy = mmap (NULL, region * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED || copy == MAP_FAILED)
    return 1;
  for (size_t p = 0; p < region; p++)
    mem[p * PAGE] = copy[p * PAGE] = (char) (p & 1);   /* every page present */
  for (moving = 0; moving < 2; moving++)
    measure ("compare", round_compare);
  if (soft_dirty_available ())
    printf ("soft-dirty: available (not measured)\n");
  else
    printf ("soft-dirty: not in this kernel (CONFIG_MEM_SOFT_DIRTY)\n");
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_sigaction = on_segv;
  sa.sa_flags = SA_SIGINFO;
  sigaction (SIGSEGV, &sa, NULL);
  mprotect (mem, region * PAGE, PROT_READ);
  for (moving = 0; moving < 2; moving++)
    measure ("mprotect", round_mprotect);
  mprotect (mem, region * PAGE, PROT_READ | PROT_WRITE);
  if (setup_uffd ())
    for (moving = 0; moving < 2; moving++)
      measure ("uffd-wp", round_uffd);
  return 0;
}
