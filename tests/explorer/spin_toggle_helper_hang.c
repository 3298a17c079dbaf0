/* spin_toggle_hang, but the consumer's loop reads the slot in a helper it
 * calls afresh in each iteration: the values it read in earlier calls of
 * the helper were read in its loop all the same (the loop runs in the
 * consumer's frame, not the helper's), and the livelock is still a hang
 * (runtime/rt-sched-passing.c, seen_in_loop). */
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

static __attribute__ ((noinline)) uint64_t
read_slot (void)
{
  return __atomic_load_n (&slot, __ATOMIC_ACQUIRE);
}

static void *
consumer (void *arg)
{
  (void) arg;
  __atomic_store_n (&room, 1, __ATOMIC_RELEASE);
  while (read_slot () != 0)   /* never 0 */
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
