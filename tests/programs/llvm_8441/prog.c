/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * llvm_8441 — after the llvm-8441 program of ConcBugAssist's evaluation (its
 * Table 1: LLVM bug 8441, 3 threads, an order violation).  We do not know
 * the report's details; our scenario is an order violation of that kind in
 * LLVM's domain, a lazily created global registry (in the manner of
 * ManagedStatic): the creating thread publishes the registry's pointer and
 * only then fills in its table, while a compiling thread that finds the
 * pointer set uses the table at once.  If it runs between the two steps it
 * looks up a pass in a table that is not there yet.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char **names;
  int count;
} PassRegistry;

static const char *builtin_passes[] = { "mem2reg", "instcombine", "gvn" };
static PassRegistry *registry;
static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;

static void
create_registry (void)
{
  pthread_mutex_lock (&init_lock);
  if (registry == NULL)
    {
      PassRegistry *r = calloc (1, sizeof *r);
      registry = r;                             /* [data-race] */
      r->names = builtin_passes;                /* [data-race] */
      r->count = 3;                             /* [data-race] */
    }
  pthread_mutex_unlock (&init_lock);
}

static int
lookup_pass (const char *name)
{
  PassRegistry *r = registry;                   /* [data-race] */
  if (r == NULL)
    return -1;                    /* not created yet: the caller will wait */
  assert (r->names != NULL);                    /* [assertion] [data-race] */
  for (int k = 0; k < r->count; k++)            /* [data-race] */
    if (strcmp (r->names[k], name) == 0)        /* [data-race] */
      return k;
  return -1;
}

static void *
initialiser (void *unused)
{
  create_registry ();
  return NULL;
}

static void *
compiler (void *unused)
{
  lookup_pass ("gvn");
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, initialiser, NULL);
  pthread_create (&b, NULL, compiler, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  free (registry);
  return 0;
}
