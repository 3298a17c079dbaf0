/* spin_toggle_ok's producer, but the consumer waits for a slot value the
 * producer never writes, not even between its two writes: a real
 * livelock.  The rule that calls an end with a value shown in passing
 * unfair (runtime/rt-sched-passing.c) must not hide it: in the execution
 * where the consumer has read both values the producer's loop shows, the
 * hang is reported. */
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
      __atomic_store_n (&slot, FREE, __ATOMIC_RELEASE);
    }
  __atomic_store_n (&slot, FREE, __ATOMIC_RELEASE);
  return NULL;
}

static void *
consumer (void *arg)
{
  (void) arg;
  __atomic_store_n (&room, 1, __ATOMIC_RELEASE);
  while (__atomic_load_n (&slot, __ATOMIC_ACQUIRE) != 0)   /* never 0 */
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
