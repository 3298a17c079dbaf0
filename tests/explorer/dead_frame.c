/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dead_frame — start() hands a worker a pointer to its own local and
 * returns without waiting for it; main then calls on and joins.  When the
 * worker runs after the return, it reads a local of a function that has
 * returned [misuse]; when before, it sees go == 1 and writes `out`, which
 * main reads unsynchronised.  The memory of the returned frame is
 * rewritten by calls augur does not see, so the search cannot say
 * complete (test-unseen.sh).
 */
#include <pthread.h>
#include <stdio.h>

static int out;

struct arg
{
  int go;
};

static void *
worker (void *p)
{
  struct arg *a = p;
  if (a->go == 1)
    out = 1;
  return NULL;
}

__attribute__ ((noinline)) static pthread_t
start (void)
{
  struct arg a;
  pthread_t t;
  a.go = 1;
  pthread_create (&t, NULL, worker, &a);
  return t;
}

int
main (void)
{
  pthread_t t = start ();
  char buf[256];
  snprintf (buf, sizeof buf, "%s %d %d %d %d", "reuse", 1, 2, 3, 4);
  int r = out;
  pthread_join (t, NULL);
  return r == 2 && buf[0] == 'x';
}
