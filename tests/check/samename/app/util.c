/* SPDX-License-Identifier: GPL-3.0-or-later
 * app/util.c: main and a private helper; lib/util.c has the same name. */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

void lib_bump (void);
extern int hits;
static int priv;

static void *worker (void *arg) { (void) arg; lib_bump (); return NULL; }

static void touch (void) { priv = priv + 1; }

int
main (void)
{
  pthread_t t1, t2;
  touch ();
  pthread_create (&t1, NULL, worker, NULL);
  pthread_create (&t2, NULL, worker, NULL);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  assert (hits == 2);
  printf ("%d %d\n", hits, priv);
  return 0;
}
