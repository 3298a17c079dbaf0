/* A retry loop that marks a slot busy and clears it again in each
 * iteration (rmind/ringbuf's ringbuf_acquire), and a consumer that waits
 * until the slot is not busy (its stable_seenoff).  The consumer's first
 * write wakes the producer in the middle of an iteration; Await then parks
 * it with the slot busy, the consumer parks too, and nothing can run.  That
 * is no hang: between two retries the slot is free, and the consumer
 * reads it then in another execution (runtime/rt-sched-passing.c).  No
 * finding, complete, and the unfair ends are counted. */
#include <pthread.h>
#include <stdint.h>

#define BUSY 0x8000000000000000UL
#define FREE 0x7fffffffffffffffUL
static volatile uint64_t slot = FREE;
static volatile uint64_t room = 0;

static void *
producer (void *arg)
{
  (void) arg;
  for (;;)
    {
      __atomic_store_n (&slot, 7 | BUSY, __ATOMIC_RELAXED);
      if (__atomic_load_n (&room, __ATOMIC_ACQUIRE) >= 2)
        break;
      __atomic_store_n (&slot, FREE, __ATOMIC_RELEASE);   /* no room: again */
    }
  __atomic_store_n (&slot, FREE, __ATOMIC_RELEASE);
  return NULL;
}

static void *
consumer (void *arg)
{
  (void) arg;
  __atomic_store_n (&room, 1, __ATOMIC_RELEASE);   /* some room, not enough */
  while (__atomic_load_n (&slot, __ATOMIC_ACQUIRE) & BUSY)
    ;
  __atomic_store_n (&room, 5, __ATOMIC_RELEASE);
  return NULL;
}

int
main (void)
{
  pthread_t p, c;
  pthread_create (&p, NULL, producer, NULL);
  pthread_create (&c, NULL, consumer, NULL);
  pthread_join (p, NULL);
  pthread_join (c, NULL);
  return 0;
}
