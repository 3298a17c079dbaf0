/* A full fence written as the x86 idiom `lock; addl $0,0(%rsp)` (the
 * Linux kernel's smp_mb, liburcu's cmm_smp_mb) between relaxed atomics:
 * it changes no value, only the thread's own stack, and under augur's
 * sequentially consistent search it is no instruction augur misses.  The
 * search must end complete with no finding (every such program was
 * "incomplete: instructions augur cannot see"). */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>

#define smp_mb() __asm__ __volatile__ ("lock; addl $0,0(%%rsp)" ::: "memory")

static int x, y, r1, r2;

static void *
one (void *arg)
{
  (void) arg;
  __atomic_store_n (&x, 1, __ATOMIC_RELAXED);
  smp_mb ();
  r1 = __atomic_load_n (&y, __ATOMIC_RELAXED);
  return NULL;
}

static void *
two (void *arg)
{
  (void) arg;
  __atomic_store_n (&y, 1, __ATOMIC_RELAXED);
  smp_mb ();
  r2 = __atomic_load_n (&x, __ATOMIC_RELAXED);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, one, NULL);
  pthread_create (&b, NULL, two, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (r1 || r2);
  return 0;
}
