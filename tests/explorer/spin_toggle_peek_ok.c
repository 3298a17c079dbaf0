/* spin_toggle_ok, but the consumer reads the slot through a helper: once
 * before its loop (a peek), then in each iteration of it.  The peek and
 * the loop's reads are made at the one instruction of the helper, in the
 * consumer's frame, called from two places: the free slot the peek read
 * is not one the loop saw and still waited with, whatever the -O level.
 * The end with the producer parked busy is still unfair, no hang
 * (runtime/rt-sched-passing.c, seen_in_loop).  spin_toggle_peek_hang.c
 * waits for a value the producer never shows: a hang. */
#include <pthread.h>
#include <stdint.h>

#ifndef WAIT_WHILE
#define WAIT_WHILE(v) ((v) & BUSY)
#endif
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

static __attribute__ ((noinline)) uint64_t
read_slot (void)
{
  return __atomic_load_n (&slot, __ATOMIC_ACQUIRE);
}

static void *
consumer (void *arg)
{
  (void) arg;
  __atomic_store_n (&room, 1, __ATOMIC_RELEASE);   /* some room, not enough */
  uint64_t first = read_slot ();   /* may find it free */
  while (WAIT_WHILE (read_slot ()))
    ;
  __atomic_store_n (&room, 5, __ATOMIC_RELEASE);
  return (void *) (uintptr_t) first;
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
