/* A release store, read by a relaxed read-modify-write and an acquire
 * fence after it (C11 7.17.4: the fence synchronises with the store the
 * read-modify-write read): the plain message is no data race. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

static int msg;
static atomic_int flag;

static void *
producer (void *arg)
{
  (void) arg;
  msg = 7;
  atomic_store_explicit (&flag, 1, memory_order_release);
  return NULL;
}

static void *
consumer (void *arg)
{
  (void) arg;
  if (atomic_fetch_add_explicit (&flag, 1, memory_order_relaxed) == 1)
    {
      atomic_thread_fence (memory_order_acquire);
      assert (msg == 7);
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
