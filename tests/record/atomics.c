/* SPDX-License-Identifier: GPL-3.0-or-later
 * atomics.c — C11 atomics of 1, 2, 4 and 8 bytes: load, store, exchange,
 * fetch-and-op, compare-exchange (succeeding and failing), in several
 * memory orders; fences; and a thread's atomic increment seen by main. */
#include "record-util.h"
#include <pthread.h>
#include <stdatomic.h>

_Atomic char c8;
_Atomic short c16;
_Atomic int c32;
_Atomic long c64;
long plain;

static void *
incr (void *arg)
{
  atomic_fetch_add_explicit (&c32, 10, memory_order_release);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  atomic_store_explicit (&c8, 1, memory_order_relaxed);
  atomic_fetch_add (&c8, 2);
  atomic_store (&c16, 300);
  atomic_fetch_sub_explicit (&c16, 1, memory_order_acq_rel);
  atomic_store_explicit (&c32, 7, memory_order_release);
  atomic_fetch_and (&c32, 5);
  atomic_fetch_or (&c32, 8);
  atomic_fetch_xor (&c32, 1);
  __atomic_fetch_nand ((int *) &c32, 3, __ATOMIC_SEQ_CST);
  atomic_exchange (&c64, 1234567890123L);

  long expected = 1234567890123L;
  if (!atomic_compare_exchange_strong (&c64, &expected, 5))
    return 10;
  expected = 99;
  if (atomic_compare_exchange_strong (&c64, &expected, 6))
    return 11;
  int e32 = atomic_load_explicit (&c32, memory_order_acquire);
  while (!atomic_compare_exchange_weak (&c32, &e32, e32 + 1))
    ;

  plain = 1;
  atomic_thread_fence (memory_order_seq_cst);
  atomic_signal_fence (memory_order_seq_cst);

  t = spawn (incr, NULL);
  pthread_join (t, NULL);
  return atomic_load_explicit (&c32, memory_order_acquire) == 10 ? 0 : 12;
}
