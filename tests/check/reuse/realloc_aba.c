/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * realloc_aba — an ABA through the allocator, in a fixed order (joins):
 * a reader takes a snapshot of the published pointer; a writer takes the
 * object out, frees it and publishes a fresh one; main then replaces the
 * published object only if it is still the snapshot (a CAS on the
 * pointer).  The fresh object must survive, but glibc hands the writer
 * the block it has just freed (its per-thread cache is LIFO), so the CAS
 * succeeds and the assertion fails in every native run.  augur's explored
 * runs allocate elsewhere and pass: augur check must not call the program
 * clean and complete when the recorded run failed.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

struct obj { int v; };
static struct obj *cur, *keep, *snapshot;

static void *
setup (void *unused)
{
  cur = malloc (sizeof *cur);
  cur->v = 0;
  keep = malloc (sizeof *keep);   /* cur is not the last block allocated */
  keep->v = 9;
  return unused;
}

static void *
reader (void *unused)
{
  snapshot = __atomic_load_n (&cur, __ATOMIC_SEQ_CST);
  return unused;
}

static void *
writer (void *unused)
{
  struct obj *old = __atomic_exchange_n (&cur, NULL, __ATOMIC_SEQ_CST);
  free (old);
  struct obj *fresh = malloc (sizeof *fresh);
  fresh->v = 2;
  __atomic_store_n (&cur, fresh, __ATOMIC_SEQ_CST);
  return unused;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, setup, NULL);
  pthread_join (t, NULL);
  pthread_create (&t, NULL, reader, NULL);
  pthread_join (t, NULL);
  pthread_create (&t, NULL, writer, NULL);
  pthread_join (t, NULL);
  struct obj *mine = malloc (sizeof *mine);
  mine->v = 1;
  struct obj *expected = snapshot;
  if (!__atomic_compare_exchange_n (&cur, &expected, mine, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
    free (mine);
  assert (cur->v == 2);
  free (cur);
  free (keep);
  return 0;
}
