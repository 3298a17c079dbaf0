/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * gcc_21334_ok — the fix of gcc_21334: the reference count is updated with
 * atomic fetch-and-add, as libstdc++ does with its atomic dispatch.
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
  __atomic_fetch_add (&r->refcount, 1, __ATOMIC_ACQ_REL);
  return r;
}

static void
release (Rep *r)
{
  if (__atomic_fetch_sub (&r->refcount, 1, __ATOMIC_ACQ_REL) <= 0)
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
  assert (shared_rep.refcount == 0 && !shared_rep.disposed);
  return 0;
}
