/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * gcc_21334 — after the gcc-21334 program of ConcBugAssist's evaluation (its
 * Table 1: GCC bug 21334, 3 threads, a data race).  Our scenario is the weak
 * spot of libstdc++'s old reference-counted strings as we recall that
 * report (not checked against it): copying a string shares its
 * representation and bumps its reference count, destroying the copy drops
 * it, and the count is updated with plain increments and decrements.  Two
 * threads copying the same shared string can lose an update, after which
 * the representation is disposed while still in use, or never disposed.
 * main checks the count when the threads are done.
 */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

typedef struct {
  int refcount;                /* owners besides the first, as in libstdc++ */
  int disposed;
  char data[16];
} Rep;

static Rep shared_rep = { 0, 0, "hello" };

static Rep *
grab (Rep *r)
{
  r->refcount++;                                /* [data-race] [atomicity-violation] */
  return r;
}

static void
release (Rep *r)
{
  if (r->refcount-- <= 0)                       /* [data-race] */
    r->disposed = 1;
}

static void *
copy_string (void *unused)
{
  Rep *copy = grab (&shared_rep);
  fputs (copy->data, stdout);
  release (copy);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, copy_string, NULL);
  pthread_create (&b, NULL, copy_string, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (shared_rep.refcount == 0 && !shared_rep.disposed);   /* [assertion] */
  return 0;
}
