/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * exit_early — main hands a buffer to a worker and returns without joining
 * it; on its way out it frees the buffer.  Until exit() really ends the
 * process the worker may still run, so it can take the lock after main's
 * teardown and find the buffer gone.  The worker's check fails only in
 * the runs where main gets there first: in a run where main returns at
 * once, the worker never takes a step at all.
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
      assert (buf != NULL);                     /* [assertion] */
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
  pthread_create (&t, NULL, worker, NULL);      /* [misuse:main-returns-with-threads] */
  pthread_mutex_lock (&m);
  free (buf);
  buf = NULL;
  pthread_mutex_unlock (&m);
  return 0;                                     /* the worker may still run */
}
