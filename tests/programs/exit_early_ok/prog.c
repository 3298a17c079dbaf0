/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * exit_early_ok — the fix of exit_early: main joins the worker before it
 * frees the buffer.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int *buf;
static int used;

static void *
worker (void *unused)
{
  for (int i = 0; i < 2; i++)
    {
      pthread_mutex_lock (&m);
      assert (buf != NULL);
      buf[used++ % 4] = i;
      pthread_mutex_unlock (&m);
    }
  return NULL;
}

int
main (void)
{
  pthread_t t;
  buf = calloc (4, sizeof *buf);
  pthread_create (&t, NULL, worker, NULL);
  pthread_join (t, NULL);
  pthread_mutex_lock (&m);
  free (buf);
  buf = NULL;
  pthread_mutex_unlock (&m);
  return 0;
}
