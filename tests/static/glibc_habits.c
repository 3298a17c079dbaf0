/* SPDX-License-Identifier: GPL-3.0-or-later
 * What code written for glibc takes for granted, as LMDB does: a
 * pthread_t that is an integer (Frama-C's libc makes it a struct, so the
 * cast stops it, and the system's headers are used instead) and
 * _GNU_SOURCE (with it glibc's <stdlib.h> declares strtof32 and the other
 * _FloatN functions, which Frama-C cannot parse).
 * Two workers add to a locked total (a protected pair) and bump an
 * unlocked hit count (a race). */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long total;
static int hits;

static void *
worker (void *arg)
{
  pthread_mutex_lock (&lock);
  total += (long) (size_t) arg;
  pthread_mutex_unlock (&lock);
  hits++;
  return NULL;
}

int
main (void)
{
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    if (pthread_create (&t[i], NULL, worker, (void *) (size_t) (i + 1)) != 0)
      return 1;
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  printf ("%ld %d %zx\n", total, hits, (size_t) t[0]);
  return 0;
}
