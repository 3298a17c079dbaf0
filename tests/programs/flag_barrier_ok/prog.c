/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * flag_barrier_ok — the fix of flag_barrier: each thread stores its result
 * before it raises its flag, and the flags are C11 atomics with release
 * and acquire, so the result is published by the flag.
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

static atomic_int arrived[2];
static int result[2];

static void *
worker (void *arg)
{
  int me = (int) (long) arg;
  result[me] = me + 1;
  atomic_store_explicit (&arrived[me], 1, memory_order_release);
  while (!atomic_load_explicit (&arrived[1 - me], memory_order_acquire))
    ;
  assert (result[1 - me] == 2 - me);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, worker, (void *) 0L);
  pthread_create (&b, NULL, worker, (void *) 1L);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
