/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * use_after_free — a session holds a reference to a shared buffer; the
 * owner drops the buffer when it closes, and a late reader that looked the
 * buffer up before the close reads it after the free.  The freed memory
 * is still mapped, so the read does not crash: it returns whatever the
 * allocator left there.
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
  char *b = buffer;                             /* looked up under the lock ... */
  pthread_mutex_unlock (&m);
  if (b != NULL)
    seen = b[0];                                /* [misuse:use-after-free] ... used without it */
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
  free (buffer);                                /* [misuse:use-after-free] */
  buffer = NULL;
  pthread_mutex_unlock (&m);
  pthread_join (r, NULL);
  return 0;
}
