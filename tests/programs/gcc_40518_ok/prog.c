/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * gcc_40518_ok — the fix of gcc_40518, as in libstdc++: operations that
 * write a string's representation leave the shared empty representation
 * alone, so it stays sharable and is never written after start-up.
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
  if (r != &empty_rep)
    r->refcount = -1;
}

static void
set_length_and_sharable (Rep *r, int n)
{
  if (r == &empty_rep)
    return;
  r->refcount = 0;
  r->length = n;
  r->data[n] = '\0';
}

static Rep *
clone (Rep *r)
{
  assert (r != &empty_rep);
  Rep *c = malloc (sizeof *c + r->length);
  c->length = r->length;
  c->refcount = 0;
  return c;
}

static Rep *
grab (Rep *r)
{
  if (r->refcount < 0)
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
