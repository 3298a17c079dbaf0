/* spin_toggle_ok, but the consumer waits for the slot in a function it
 * calls twice in a row, as ringbuf's consumer polls each worker in every
 * ringbuf_consume call: the first call can read the slot free and return,
 * and the second one's first read is at the very instruction of the loop
 * it then waits in.  The value read in the first call is not one the
 * waiting loop saw and still waited with (its frame was not entered yet):
 * the end with the producer parked busy is still unfair, no hang
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
      __atomic_store_n (&slot, FREE, __ATOMIC_RELEASE);   /* no room: again */
    }
  __atomic_store_n (&slot, FREE, __ATOMIC_RELEASE);
  return NULL;
}

static void
stable_slot (void)
{
  while (__atomic_load_n (&slot, __ATOMIC_ACQUIRE) & BUSY)
    ;
}

static void *
consumer (void *arg)
{
  (void) arg;
  __atomic_store_n (&room, 1, __ATOMIC_RELEASE);   /* some room, not enough */
  stable_slot ();   /* may find it free at once */
  stable_slot ();
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
