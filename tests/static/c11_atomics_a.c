/* c11_atomics, with c11_atomics_b.c: C11's <stdatomic.h> generic
 * functions on atomics of several types in two files.  Frama-C's
 * <stdatomic.h> makes atomic_init a call of a marker it never declares,
 * typed by its first call: atomic_init on an atomic_int here and on an
 * atomic_uint there did not link, and nothing was analysed (zlog).  The
 * facts must be complete, every atomic access atomic (no candidate), and
 * the plain race on `plain` a candidate. */
#include <stdatomic.h>
#include <stddef.h>

atomic_int hits;
atomic_long total;
int *_Atomic slot;
atomic_flag busy = ATOMIC_FLAG_INIT;
int target;
int plain;

void
init_a (void)
{
  atomic_init (&hits, 0);
  atomic_init (&total, 0L);
  atomic_init (&slot, NULL);
}

int
use_a (int v)
{
  atomic_store (&hits, v);
  atomic_store_explicit (&total, 3L, memory_order_release);
  int h = atomic_load (&hits);
  long t = atomic_load_explicit (&total, memory_order_acquire);
  h = atomic_exchange (&hits, h + 1);
  int expected = 0;
  atomic_compare_exchange_strong (&hits, &expected, 5);
  atomic_compare_exchange_weak_explicit (&hits, &expected, 6, memory_order_acq_rel,
                                         memory_order_relaxed);
  atomic_fetch_add (&hits, 1);
  atomic_fetch_sub_explicit (&total, 1L, memory_order_relaxed);
  atomic_fetch_or (&hits, 4);
  atomic_fetch_and (&total, 7L);
  atomic_fetch_xor (&hits, 1);
  atomic_store (&slot, &target);
  while (atomic_flag_test_and_set (&busy))
    ;
  atomic_flag_clear (&busy);
  atomic_thread_fence (memory_order_seq_cst);
  atomic_signal_fence (memory_order_seq_cst);
  return h + (int) t + plain;
}
