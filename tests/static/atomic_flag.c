/* SPDX-License-Identifier: GPL-3.0-or-later
 * A flag set and read with __atomic builtins is synchronisation: its
 * accesses are atomic and never a candidate pair.  The plain variable it
 * publishes stays a candidate: the analysis does not model release/acquire
 * ordering, and when in doubt a pair is kept (sound, not precise). */
#include <pthread.h>

static int ready;
static int plain;

static void *
setter (void *arg)
{
  plain = 1;
  __atomic_store_n (&ready, 1, __ATOMIC_RELEASE);
  return NULL;
}

static void *
getter (void *arg)
{
  if (__atomic_load_n (&ready, __ATOMIC_ACQUIRE))
    return (void *) (long) plain;
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, setter, NULL);
  pthread_create (&b, NULL, getter, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
