/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A worker waits for a flag; a destructor function (as libuv's
 * uv_library_shutdown) sets it, wakes the worker and joins it, after main
 * returned.  Natively correct: exit() runs the destructors, which run
 * while the worker can still run.  The destructors must run as steps of
 * the exiting thread before the END step (else the join never returns, a
 * hang), in libc's order (the last of the array first), once (not again
 * when the process really ends), and main's return is no misuse: the
 * destructor joins the thread.
 */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int quit, started, order;
static pthread_t worker;

static void *
run (void *arg)
{
  pthread_mutex_lock (&mu);
  while (!quit)
    pthread_cond_wait (&cv, &mu);
  pthread_mutex_unlock (&mu);
  return arg;
}

/* runs second (declared first: earlier in .fini_array) */
__attribute__ ((destructor)) static void
last (void)
{
  assert (order == 1);
  order = 2;
  pthread_mutex_destroy (&mu);
}

__attribute__ ((destructor)) static void
shutdown_pool (void)
{
  assert (order == 0);   /* once, and before last () */
  order = 1;
  if (!started)
    return;
  pthread_mutex_lock (&mu);
  quit = 1;
  pthread_cond_signal (&cv);
  pthread_mutex_unlock (&mu);
  pthread_join (worker, NULL);
}

int
main (void)
{
  started = 1;
  pthread_create (&worker, NULL, run, NULL);
  printf ("ok\n");
  return 0;
}
