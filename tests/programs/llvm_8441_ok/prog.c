/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * llvm_8441_ok — the fix of llvm_8441: the registry is filled in before
 * its pointer is published, and the pointer is read under the same lock,
 * so a thread that finds it set finds it complete.
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
      r->names = builtin_passes;
      r->count = 3;
      registry = r;
    }
  pthread_mutex_unlock (&init_lock);
}

static int
lookup_pass (const char *name)
{
  pthread_mutex_lock (&init_lock);
  PassRegistry *r = registry;
  pthread_mutex_unlock (&init_lock);
  if (r == NULL)
    return -1;                    /* not created yet: the caller will wait */
  assert (r->names != NULL);
  for (int k = 0; k < r->count; k++)
    if (strcmp (r->names[k], name) == 0)
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
