/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The execution server puts back only the pages an execution wrote
 * (runtime/rt-snapshot.c: write-protection tracked by the kernel, hot
 * pages compared).  Here what an execution writes depends on how the race
 * on `racy` went, so a page is written in some executions and not in the
 * next: a bss page by the program, a bss page by the kernel (read() from
 * a pipe), a data page with a non-zero initial value, and the last page
 * of the heap, handed back to the kernel and grown again (a new mapping
 * the tracking did not cover).  Each execution first asserts that all of
 * it is as a fresh process has it.  The one bug is the race on `racy`.
 * Run as: server_dirty
 */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#define PAGE 4096

/* more than the 16 pages under which the server compares a region whole
 * instead of tracking its writes (rt-snapshot.c, TRACK_MIN_PAGES) */
static char bss[32 * PAGE] __attribute__ ((aligned (PAGE)));
static char by_kernel[PAGE] __attribute__ ((aligned (PAGE)));
static int data[PAGE / sizeof (int)] __attribute__ ((aligned (PAGE))) = { 7 };
static volatile int racy;

static void *
worker (void *arg)
{
  (void) arg;
  for (int k = 0; k < 2; k++)
    racy++;
  return NULL;
}

static const char zeros[sizeof bss];

static int
all_zero (const void *p, size_t n)
{
  return memcmp (p, zeros, n) == 0;
}

int
main (void)
{
  assert (all_zero (bss, sizeof bss));
  assert (all_zero (by_kernel, sizeof by_kernel));
  assert (data[0] == 7);
  assert (all_zero (&data[1], sizeof data - sizeof data[0]));
  char *top = sbrk (0);
  assert (top[-1] == 0);

  pthread_t t[2];
  for (int k = 0; k < 2; k++)
    pthread_create (&t[k], NULL, worker, NULL);
  for (int k = 0; k < 2; k++)
    pthread_join (t[k], NULL);

  int v = racy;
  bss[(v % 4) * 8 * PAGE + v] = (char) v;
  if (v % 2 == 0)
    data[v] = v;
  else
    data[0] = v;
  if (v != 3)
    {
      int p[2];
      if (pipe (p) == 0)
        {
          char c = (char) v;
          if (write (p[1], &c, 1) == 1)
            assert (read (p[0], by_kernel + v * 8, 1) == 1);
          close (p[0]);
          close (p[1]);
        }
    }
  if (v == 3)
    {
      /* the heap's last page, unmapped and mapped again: nothing
       * allocates from glibc's heap in between */
      if (sbrk (-PAGE) != (void *) -1 && sbrk (PAGE) != (void *) -1)
        top[-1] = 1;
    }
  return 0;
}
