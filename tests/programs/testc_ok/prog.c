/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * testc_ok — the fix of testc: the configuration is set before the worker is
 * created, so thread creation orders the write before the read.
 */
#include <assert.h>
#include <pthread.h>

static int limit;

static void *
worker (void *unused)
{
  int l = limit;
  assert (l == 8);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  limit = 8;
  pthread_create (&t, NULL, worker, NULL);
  pthread_join (t, NULL);
  return 0;
}
