/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * memcpy_o2 — a status block published with memcpy, built with -O2 (the
 * usual release flags; see `cflags`).  A worker updates the shared status
 * by copying a fresh one over it; a monitor copies it out to print it.
 * Neither takes the status lock, so the monitor can read a status that is
 * half old and half new: the two copies race.  The race is only in the
 * library calls: no plain access of the program touches `status`.
 *
 * Written for augur: at -O2, gcc makes the instrumented module's call to
 * __tsan_init a tail call, and augur's runtime once took the module that
 * called the constructor (the dynamic loader's) for the instrumented one;
 * then the program's own memcpy calls were not recorded, and the race went
 * unseen.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

struct status {
  long jobs_done;
  long bytes_out;
  char phase[16];
};

static struct status status;

static void *
worker (void *unused)
{
  (void) unused;
  struct status fresh = { 1, 4096, "writing" };
  memcpy (&status, &fresh, sizeof fresh);                    /* [data-race] */
  return NULL;
}

static void *
monitor (void *unused)
{
  (void) unused;
  struct status seen;
  memcpy (&seen, &status, sizeof seen);                      /* [data-race] */
  printf ("%ld jobs, %ld bytes, %s\n", seen.jobs_done, seen.bytes_out, seen.phase);
  return NULL;
}

int
main (void)
{
  pthread_t w, m;
  pthread_create (&w, NULL, worker, NULL);
  pthread_create (&m, NULL, monitor, NULL);
  pthread_join (w, NULL);
  pthread_join (m, NULL);
  return 0;
}
