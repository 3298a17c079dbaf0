/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * atomics_ok — a correct single-producer single-consumer ring buffer on
 * C11 atomics (release stores, acquire loads), passing N items (default
 * 20000; argv[1]) and checking their sum.  A long recorded trace of
 * atomic and plain accesses: the predictor has many queries to make, and
 * must stop at its share of the budget.
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#define SLOTS 64

static int ring[SLOTS];
static atomic_uint head, tail;
static unsigned n_items = 20000;
static unsigned long sum;

static void *
produce (void *arg)
{
  (void) arg;
  for (unsigned i = 1; i <= n_items; i++)
    {
      unsigned t = atomic_load_explicit (&tail, memory_order_relaxed);
      while (t - atomic_load_explicit (&head, memory_order_acquire) == SLOTS)
        ;
      ring[t % SLOTS] = (int) i;
      atomic_store_explicit (&tail, t + 1, memory_order_release);
    }
  return NULL;
}

static void *
consume (void *arg)
{
  (void) arg;
  for (unsigned i = 1; i <= n_items; i++)
    {
      unsigned h = atomic_load_explicit (&head, memory_order_relaxed);
      while (atomic_load_explicit (&tail, memory_order_acquire) == h)
        ;
      sum += (unsigned long) ring[h % SLOTS];
      atomic_store_explicit (&head, h + 1, memory_order_release);
    }
  return NULL;
}

int
main (int argc, char **argv)
{
  if (argc > 1)
    n_items = (unsigned) strtoul (argv[1], NULL, 10);
  pthread_t p, c;
  pthread_create (&p, NULL, produce, NULL);
  pthread_create (&c, NULL, consume, NULL);
  pthread_join (p, NULL);
  pthread_join (c, NULL);
  assert (sum == (unsigned long) n_items * (n_items + 1) / 2);
  return 0;
}
