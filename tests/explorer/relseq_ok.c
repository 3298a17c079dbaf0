/* C11 release sequences (7.17.3): a release store goes on through the
 * later stores of the same thread and through read-modify-writes of any
 * thread.  The producer publishes msg1 with a release store and then
 * stores the flag again, relaxed (the next round of a ring buffer); the
 * consumer's acquire load reads that relaxed store: it synchronises with
 * the release, no data race (C++20 and RC11 would end the sequence at the
 * relaxed store).  msg2's flag is bumped by a relaxed read-modify-write of
 * another thread before the consumer reads it: no data race either. */
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
  msg1 = 1;
  atomic_store_explicit (&flag1, 1, memory_order_release);
  atomic_store_explicit (&flag1, 2, memory_order_relaxed);
  msg2 = 2;
  atomic_store_explicit (&flag2, 1, memory_order_release);
  return NULL;
}

static void *
bumper (void *arg)
{
  (void) arg;
  atomic_fetch_add_explicit (&flag2, 1, memory_order_relaxed);
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
  pthread_create (&b, NULL, bumper, NULL);
  pthread_create (&c, NULL, consumer, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  pthread_join (c, NULL);
  return 0;
}
