/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * aget_stats — the statistics race of aget, the multithreaded download
 * accelerator used in the inspect evaluation: each download thread adds the
 * bytes it wrote to the global `bwritten` without the lock that the progress
 * code uses, so two threads' updates race and bytes are lost from the count.
 * The final check compares the count with the real total.
 */
#include <pthread.h>
#include <stdio.h>

#define THREADS 2
#define CHUNKS 3

static long bwritten;
static pthread_mutex_t bwritten_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
http_get (void *arg)
{
  long chunk = (long) arg;
  for (int i = 0; i < CHUNKS; i++)
    bwritten += chunk;                  /* [data-race] */
  return NULL;
}

static long
progress (void)
{
  pthread_mutex_lock (&bwritten_lock);
  long b = bwritten;
  pthread_mutex_unlock (&bwritten_lock);
  return b;
}

int
main (void)
{
  pthread_t t[THREADS];
  for (long i = 0; i < THREADS; i++)
    pthread_create (&t[i], NULL, http_get, (void *) (100 * (i + 1)));
  for (int i = 0; i < THREADS; i++)
    pthread_join (t[i], NULL);
  long total = progress ();
  printf ("%ld bytes written\n", total);
  return total == 900 ? 0 : 1;
}
