/* Where C11's release sequence (7.17.3) does not reach: msg1 is written
 * after the release store, before the same thread's relaxed store that
 * the consumer's acquire load reads (the acquire synchronises with the
 * release, which does not order msg1); flag2's release store is followed
 * by a relaxed store of another thread, which ends its sequence.  Both
 * messages are data races. */
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>

static int msg1, msg2;
static atomic_int flag1, flag2;

static void *
producer (void *arg)
{
  (void) arg;
  atomic_store_explicit (&flag1, 1, memory_order_release);
  msg1 = 1;
  atomic_store_explicit (&flag1, 2, memory_order_relaxed);
  msg2 = 2;
  atomic_store_explicit (&flag2, 1, memory_order_release);
  return NULL;
}

static void *
other (void *arg)
{
  (void) arg;
  atomic_store_explicit (&flag2, 2, memory_order_relaxed);
  return NULL;
}

static void *
consumer (void *arg)
{
  (void) arg;
  if (atomic_load_explicit (&flag1, memory_order_acquire) == 2)
    printf ("%d\n", msg1);
  if (atomic_load_explicit (&flag2, memory_order_acquire) == 2)
    printf ("%d\n", msg2);
  return NULL;
}

int
main (void)
{
  pthread_t a, b, c;
  pthread_create (&a, NULL, producer, NULL);
  pthread_create (&b, NULL, other, NULL);
  pthread_create (&c, NULL, consumer, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  pthread_join (c, NULL);
  return 0;
}
