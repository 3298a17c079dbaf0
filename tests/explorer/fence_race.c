/* fence_ok.c's first message with the acquire fence missing, and a
 * relaxed store between the release fence and the flag's store by
 * another thread: the consumer's relaxed load synchronises with nothing,
 * so the plain write and read of the message are a data race (found), as
 * is the second message, whose flag is stored relaxed after the fence by
 * a thread other than the one that fenced. */
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
  msg2 = 2;
  atomic_thread_fence (memory_order_release);
  atomic_store_explicit (&flag1, 1, memory_order_relaxed);
  return NULL;
}

static void *
relay (void *arg)
{
  (void) arg;
  if (atomic_load_explicit (&flag1, memory_order_relaxed))
    atomic_store_explicit (&flag2, 1, memory_order_relaxed);
  return NULL;
}

static void *
consumer (void *arg)
{
  (void) arg;
  if (atomic_load_explicit (&flag1, memory_order_relaxed))
    printf ("%d\n", msg1);
  if (atomic_load_explicit (&flag2, memory_order_relaxed))
    {
      atomic_thread_fence (memory_order_acquire);
      printf ("%d\n", msg2);
    }
  return NULL;
}

int
main (void)
{
  pthread_t a, b, c;
  pthread_create (&a, NULL, producer, NULL);
  pthread_create (&b, NULL, relay, NULL);
  pthread_create (&c, NULL, consumer, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  pthread_join (c, NULL);
  return 0;
}
