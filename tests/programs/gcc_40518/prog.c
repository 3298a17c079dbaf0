/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * gcc_40518 — after the gcc-40518 program of ConcBugAssist's evaluation (its
 * Table 1: GCC bug 40518, 3 threads, a data race).  As we recall the report
 * (not checked against it): libstdc++'s reference-counted strings share
 * one static empty representation among all empty strings, and some string
 * operations wrote to it (its reference count, length and terminator)
 * without checking that it was the shared empty one, so two threads using
 * their own, unrelated empty strings race on it.  The real writes stored
 * the values already there, so the race showed in race detectors only;
 * our model makes it harmful: taking a mutable reference into a string
 * marks its representation leaked (count -1, "do not share") until the
 * string is reset, and a thread copying its own empty string meanwhile
 * sees the empty representation leaked and deep-copies it, which must
 * never happen.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

typedef struct {
  int length;
  int refcount;                 /* -1 leaked, 0 one owner, n: n + 1 owners */
  char data[1];
} Rep;

static Rep empty_rep;           /* every empty string points here */

typedef struct {
  Rep *rep;
} String;

static void
set_leaked (Rep *r)
{
  r->refcount = -1;                             /* [data-race] [atomicity-violation] */
}

static void
set_length_and_sharable (Rep *r, int n)
{
  r->refcount = 0;                              /* [data-race] [atomicity-violation] */
  r->length = n;
  r->data[n] = '\0';
}

static Rep *
clone (Rep *r)
{
  assert (r != &empty_rep);                     /* [assertion] */
  Rep *c = malloc (sizeof *c + r->length);
  c->length = r->length;
  c->refcount = 0;
  return c;
}

static Rep *
grab (Rep *r)
{
  if (r->refcount < 0)                          /* [data-race] [atomicity-violation] */
    return clone (r);
  if (r != &empty_rep)
    r->refcount++;
  return r;
}

static void *
edit_string (void *unused)
{
  String s = { &empty_rep };
  set_leaked (s.rep);           /* s.begin(): a mutable iterator */
  /* ... the string is written through the iterator ... */
  set_length_and_sharable (s.rep, 0);   /* s.clear() */
  return NULL;
}

static void *
copy_string (void *unused)
{
  String s = { &empty_rep };
  String t = { grab (s.rep) };  /* t = s */
  return t.rep;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, edit_string, NULL);
  pthread_create (&b, NULL, copy_string, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
