/* SPDX-License-Identifier: GPL-3.0-or-later
 * The byte order known after <stdlib.h>, as code written for glibc
 * (LMDB) takes for granted: glibc's <stdlib.h> includes <endian.h>,
 * Frama-C's libc defines __BYTE_ORDER only in <endian.h>.  Analysed with
 * Frama-C's libc.  Two workers add to a locked total (a protected pair)
 * and bump an unlocked hit count (a race). */
#include <pthread.h>
#include <stdlib.h>

#if !defined(__BYTE_ORDER) || (__BYTE_ORDER != __LITTLE_ENDIAN && __BYTE_ORDER != __BIG_ENDIAN)
#error "Unknown or unsupported endianness (__BYTE_ORDER)"
#endif

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
  return total == 3 ? 0 : 1;
}
