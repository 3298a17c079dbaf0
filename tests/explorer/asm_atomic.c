/* An atomic increment written in inline assembly, as lock-free libraries
 * without C11 do: `lock xadd` makes no call into augur's runtime, so the
 * explorer never orders it against the other thread's accesses of the
 * counter.  augur must name the instruction (file:line) and end
 * "incomplete" (exit 6), never "complete": the reader's check below fails
 * when the reader runs before the writer's increment, an order the
 * explorer does not try, as it sees no conflict. */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>

static int counter;

static int
fetch_add (int *p, int v)
{
  __asm__ volatile ("lock; xaddl %0, %1" : "+r"(v), "+m"(*p) : : "memory");
  return v;
}

static void *
writer (void *arg)
{
  (void) arg;
  fetch_add (&counter, 1);
  return NULL;
}

static void *
reader (void *arg)
{
  (void) arg;
  int seen = __atomic_load_n (&counter, __ATOMIC_SEQ_CST);
  assert (seen == 1);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, writer, NULL);
  pthread_create (&b, NULL, reader, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
