/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * use_after_free_ok — the fix of use_after_free: the reader uses the
 * buffer while it holds the lock, so the owner's free comes before the
 * look-up or after the use.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static char *buffer;
static int seen;

static void *
reader (void *unused)
{
  pthread_mutex_lock (&m);
  if (buffer != NULL)
    seen = buffer[0];
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t r;
  buffer = malloc (64);
  strcpy (buffer, "payload");
  pthread_create (&r, NULL, reader, NULL);
  pthread_mutex_lock (&m);
  free (buffer);
  buffer = NULL;
  pthread_mutex_unlock (&m);
  pthread_join (r, NULL);
  return 0;
}
