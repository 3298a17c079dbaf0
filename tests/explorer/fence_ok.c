/* Message passing made safe by C11 fences (7.17.4), each of the three
 * ways: a release fence and a relaxed store against a relaxed load and an
 * acquire fence (fence to fence), a release fence and a relaxed store
 * against an acquire load (fence to atomic), a release store against a
 * relaxed load and an acquire fence (atomic to fence).  Each plain write
 * of a message happens before its read: no data race, complete. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

static int msg1, msg2, msg3;
static atomic_int flag1, flag2, flag3;

static void *
producer (void *arg)
{
  (void) arg;
  msg1 = 1;
  msg2 = 2;
  atomic_thread_fence (memory_order_release);
  atomic_store_explicit (&flag1, 1, memory_order_relaxed);
  atomic_store_explicit (&flag2, 1, memory_order_relaxed);
  msg3 = 3;
  atomic_store_explicit (&flag3, 1, memory_order_release);
  return NULL;
}

static void *
consumer (void *arg)
{
  (void) arg;
  if (atomic_load_explicit (&flag1, memory_order_relaxed))
    {
      atomic_thread_fence (memory_order_acquire);
      assert (msg1 == 1);
    }
  if (atomic_load_explicit (&flag2, memory_order_acquire))
    assert (msg2 == 2);
  if (atomic_load_explicit (&flag3, memory_order_relaxed))
    {
      atomic_thread_fence (memory_order_acquire);
      assert (msg3 == 3);
    }
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, producer, NULL);
  pthread_create (&b, NULL, consumer, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
