/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * memcpy_o2_ok — memcpy_o2 fixed: a status block published with memcpy,
 * built with -O2 (see `cflags`).  A worker updates the shared status
 * by copying a fresh one over it; a monitor copies it out to print it.
 * Both copies are made under the status lock, so the monitor sees the
 * old status or the new one, never a mix.
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
static pthread_mutex_t status_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
worker (void *unused)
{
  (void) unused;
  struct status fresh = { 1, 4096, "writing" };
  pthread_mutex_lock (&status_lock);
  memcpy (&status, &fresh, sizeof fresh);
  pthread_mutex_unlock (&status_lock);
  return NULL;
}

static void *
monitor (void *unused)
{
  (void) unused;
  struct status seen;
  pthread_mutex_lock (&status_lock);
  memcpy (&seen, &status, sizeof seen);
  pthread_mutex_unlock (&status_lock);
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
