/* SPDX-License-Identifier: GPL-3.0-or-later
 * What code written for glibc takes for granted, as LMDB does: a
 * pthread_t that is an integer (Frama-C's libc makes it a struct, so the
 * cast stops it, and the system's headers are used instead) and
 * _GNU_SOURCE (with it glibc's <stdlib.h> declares strtof32 and the other
 * _FloatN functions, which Frama-C cannot parse).
 * Two threads count their runs under a lock (a protected pair) and leave
 * their id in an unlocked field (a race). */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct stats {
  pthread_mutex_t guard;
  unsigned long done;      /* under guard */
  unsigned long seen;      /* not: a race */
};

static struct stats st = { PTHREAD_MUTEX_INITIALIZER, 0, 0 };

static void *
count (void *arg)
{
  unsigned long self = (unsigned long) pthread_self ();
  st.seen = self;
  pthread_mutex_lock (&st.guard);
  st.done += arg != NULL;
  pthread_mutex_unlock (&st.guard);
  return arg;
}

int
main (void)
{
  pthread_t a, b;
  if (pthread_create (&a, NULL, count, &st) != 0 || pthread_create (&b, NULL, count, &st) != 0)
    return 1;
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  printf ("%lu %zx\n", st.done, (size_t) a);
  return 0;
}
