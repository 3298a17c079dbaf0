/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Uses of freed memory at accesses the static facts prune (no race
 * involves them): `late` writes a record's field after freeing it, with
 * no step between the allocation and the free; `handoff` hands a buffer
 * to a worker that frees it, and main, after the join, still reads it.
 * Neither can race, both are uses after free (test-prune.sh).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct rec
{
  int id;
  int hits;
};

/* not inlined: the compiler would drop the block and its uses */
static __attribute__ ((noipa)) void
count_hit (struct rec *r)
{
  r->hits++;
}

static int
late (void)
{
  struct rec *r = malloc (sizeof *r);
  r->id = 7;
  r->hits = 0;
  count_hit (r);
  free (r);
  count_hit (r);   /* use after free */
  return 0;
}

struct job
{
  char *buf;
  size_t len;
  unsigned sum;
};

static void *
worker (void *arg)
{
  struct job *j = arg;
  for (size_t i = 0; i < j->len; i++)
    j->sum += (unsigned char) j->buf[i];
  free (j->buf);
  return NULL;
}

static int
handoff (void)
{
  struct job j = { malloc (16), 16, 0 };
  memset (j.buf, 'a', j.len);
  pthread_t t;
  pthread_create (&t, NULL, worker, &j);
  pthread_join (t, NULL);
  return j.buf[0] == 'a' && j.sum == 16u * 'a' ? 0 : 2;   /* j.buf: use after free */
}

int
main (int argc, char **argv)
{
  if (argc > 1 && strcmp (argv[1], "handoff") == 0)
    return handoff ();
  return late ();
}
