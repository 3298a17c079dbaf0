/* SPDX-License-Identifier: GPL-3.0-or-later
 * malloc.c — every allocator entry point, allocation numbers per thread,
 * realloc as free + alloc, and an object allocated by one thread and freed
 * by another. */
#include "record-util.h"
#include <malloc.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Through a volatile sink so the compiler cannot drop the allocations. */
static void *volatile sink[12];

static void *
worker (void *arg)
{
  sink[10] = malloc (24);
  free (arg);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  sink[0] = malloc (16);
  sink[1] = calloc (4, 8);
  sink[2] = realloc (NULL, 10);
  sink[2] = realloc (sink[2], 4000);
  sink[3] = aligned_alloc (64, 128);
  void *p;
  if (posix_memalign (&p, 32, 48) != 0)
    return 10;
  sink[4] = p;
  sink[5] = memalign (128, 256);
  sink[6] = valloc (100);
  sink[7] = reallocarray (NULL, 3, 5);
  sink[8] = strdup ("augur");
  sink[9] = strndup ("recording", 6);
  t = spawn (worker, sink[0]);
  pthread_join (t, NULL);
  for (int i = 1; i <= 10; i++)
    free (sink[i]);
  free (NULL);
  return 0;
}
