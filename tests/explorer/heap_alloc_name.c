/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * heap_alloc_name — two threads copy into one heap block at the same
 * offset with memcpy, whose accesses carry no variable of their own: the
 * block's name comes from where it was allocated (main's `buf`), in
 * augur explore and augur replay as in augur check.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static char *shared;

static void *
worker (void *arg)
{
  memcpy (shared + 4, arg, 2);
  return NULL;
}

int
main (void)
{
  char *buf = malloc (16);
  shared = buf;
  pthread_t t;
  pthread_create (&t, NULL, worker, "ab");
  memcpy (buf + 4, "cd", 2);
  pthread_join (t, NULL);
  free (buf);
  return 0;
}
