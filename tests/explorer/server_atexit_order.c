/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Exit handlers in the execution server run as libc runs them: last
 * registered first (main's atexit and on_exit, then one a thread
 * registers), one registered by a handler right after it, on_exit's with
 * the status and its argument; and one execution's handlers are not left
 * for the next: when main ends by _exit (worker 3 took the lock last), no
 * handler runs, and a handler left over would run twice in a later
 * execution (the order assertion fails).  The last assertion fails in the
 * executions where worker 1 took the lock last: only the handlers can
 * find it.
 */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int last;         /* the worker that took the lock last */
static int token;
static char order[16];
static int n;

static void
d (void)
{
  order[n++] = 'd';
}

static void
c (void)
{
  order[n++] = 'c';
  atexit (d);
}

static void
b (int status, void *arg)
{
  assert (status == 0 && arg == &token);
  order[n++] = 'b';
}

static void
a (void)
{
  order[n++] = 'a';
  assert (n == 4 && memcmp (order, "cdba", 4) == 0);
  assert (last != 1);
}

static void *
worker (void *arg)
{
  int id = (int) (intptr_t) arg;
  if (id == 1)
    atexit (c);
  pthread_mutex_lock (&m);
  last = id;
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  atexit (a);
  on_exit (b, &token);
  pthread_t t[3];
  for (int k = 0; k < 3; k++)
    pthread_create (&t[k], NULL, worker, (void *) (intptr_t) (k + 1));
  for (int k = 0; k < 3; k++)
    pthread_join (t[k], NULL);
  if (last == 3)
    _exit (0);
  return 0;
}
