/* c11_atomics, with c11_atomics_a.c (see there): other atomic types. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

void init_a (void);
int use_a (int v);
extern int plain;

atomic_uint refs;
atomic_ullong bytes;
atomic_bool done;
char *_Atomic name;
atomic_flag lock = ATOMIC_FLAG_INIT;
char buf[4];

static void *
worker (void *arg)
{
  (void) arg;
  unsigned expected = 1;
  atomic_compare_exchange_strong (&refs, &expected, 2u);
  atomic_fetch_add_explicit (&bytes, 2ull, memory_order_relaxed);
  atomic_exchange (&name, buf);
  while (atomic_flag_test_and_set_explicit (&lock, memory_order_acquire))
    ;
  atomic_flag_clear_explicit (&lock, memory_order_release);
  plain++;
  atomic_store (&done, true);
  return (void *) (long) use_a ((int) atomic_load (&done));
}

int
main (void)
{
  init_a ();
  atomic_init (&refs, 1u);
  atomic_init (&bytes, 0ull);
  atomic_init (&done, false);
  atomic_init (&name, buf);
  atomic_fetch_sub (&bytes, 1ull);
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  atomic_thread_fence (memory_order_acquire);
  return atomic_load (&refs) == 2u ? 0 : 1;
}
