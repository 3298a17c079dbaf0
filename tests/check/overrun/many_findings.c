/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Naming many findings of long schedules: two threads each write one
 * field of N/2 heap blocks of their own (N: argv[1], default 3000), then
 * both write 32 globals without a lock: 32 races, each with a schedule
 * of N steps and more.  The allocation (into an element of an array)
 * names no block, so every finding's own blocks are named from its
 * access lines, one by one, and each finding's allocation sites were
 * looked up block by block: augur explore --timeout 5 took 10.6 s with
 * N = 5000 (20.9 s with 10000), augur check --budget 10 19.4 s, the
 * naming having no time limit (test-budget.sh).
 */
#include <pthread.h>
#include <stdlib.h>

struct block { int pad; int v; };
static struct block **blocks;
static long n = 3000;
static int glob;

#define G4(p) p##0, p##1, p##2, p##3
#define W4(p) p##0 = h; p##1 = h; p##2 = h; p##3 = h;
static int G4 (a), G4 (b), G4 (c), G4 (d), G4 (e), G4 (f), G4 (g), G4 (k);

static void *
fill (void *arg)
{
  int h = arg != NULL;
  for (long i = h * n / 2; i < (h + 1) * n / 2; i++)
    {
      struct block *b = blocks[i];
      b->v = glob;
    }
  W4 (a) W4 (b) W4 (c) W4 (d) W4 (e) W4 (f) W4 (g) W4 (k)
  return NULL;
}

int
main (int argc, char **argv)
{
  pthread_t t;
  if (argc > 1)
    n = atol (argv[1]);
  blocks = malloc (n * sizeof *blocks);
  for (long i = 0; i < n; i++)
    blocks[i] = malloc (sizeof **blocks);
  pthread_create (&t, NULL, fill, (void *) 1);
  fill (NULL);
  pthread_join (t, NULL);
  return 0;
}
