/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * atomic_spin_ok — the fix of atomic_spin: the worker stores its result
 * before it raises the flag.
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

static atomic_int ready;
static atomic_int result;

static void *
worker (void *unused)
{
  atomic_store (&result, 42);
  atomic_store (&ready, 1);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  while (!atomic_load (&ready))
    ;
  assert (atomic_load (&result) == 42);
  pthread_join (t, NULL);
  return 0;
}
