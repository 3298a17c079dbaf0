/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * chain_append — two threads append a cell to a chain without a lock:
 * both write the `next` of the last cell, reached as `ch->last->next`,
 * and one cell is lost.  A cell's `next` sits at the offset of the
 * chain's `last`, and the cells come from a helper that names no
 * variable: the race must still be told as one on `ch->last->next`
 * (tests/unit/test-dwarf-names.c checks that naming), not on `ch->last`,
 * which both threads only read.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

struct cell {
  long value;
  struct cell *next;
};

struct chain {
  struct cell *first;
  struct cell *last;
  long length;
};

static struct chain *ch;

static void *
zalloc (size_t n)
{
  return calloc (1, n);
}

static void *
append (void *arg)
{
  struct cell *c = zalloc (sizeof *c);
  c->value = (long) arg;
  ch->last->next = c;                 /* [data-race] */
  return NULL;
}

int
main (void)
{
  ch = zalloc (sizeof *ch);
  ch->first = zalloc (sizeof (struct cell));
  ch->last = ch->first;
  pthread_t a, b;
  pthread_create (&a, NULL, append, (void *) 1L);
  pthread_create (&b, NULL, append, (void *) 2L);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (ch->first->next != NULL);
  return 0;
}
