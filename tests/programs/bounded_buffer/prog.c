/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * bounded_buffer — a bounded buffer of 2 slots with one producer and two
 * consumers, guarded by one mutex and two condition variables.  The consumers
 * test "buffer empty" with `if` instead of `while`: a consumer woken by the
 * producer's signal can find that the other consumer, which got the mutex
 * first, already took the item, and then takes from an empty buffer.  The
 * assertion on the count catches it.
 */
#include <assert.h>
#include <pthread.h>

#define SLOTS 2
#define ITEMS 4

static int buf[SLOTS];
static int count, head, tail;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER;
static pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER;

static void *
producer (void *unused)
{
  for (int i = 1; i <= ITEMS; i++)
    {
      pthread_mutex_lock (&m);
      while (count == SLOTS)
        pthread_cond_wait (&not_full, &m);
      buf[tail] = i;
      tail = (tail + 1) % SLOTS;
      count++;
      pthread_cond_signal (&not_empty);
      pthread_mutex_unlock (&m);
    }
  return NULL;
}

static void *
consumer (void *unused)
{
  for (int i = 0; i < ITEMS / 2; i++)
    {
      pthread_mutex_lock (&m);
      if (count == 0)                           /* [atomicity-violation] */
        pthread_cond_wait (&not_empty, &m);
      assert (count > 0);                       /* [assertion] [atomicity-violation] */
      head = (head + 1) % SLOTS;
      count--;                                  /* [atomicity-violation] */
      pthread_cond_signal (&not_full);
      pthread_mutex_unlock (&m);
    }
  return NULL;
}

int
main (void)
{
  pthread_t p, c1, c2;
  pthread_create (&c1, NULL, consumer, NULL);
  pthread_create (&c2, NULL, consumer, NULL);
  pthread_create (&p, NULL, producer, NULL);
  pthread_join (p, NULL);
  pthread_join (c1, NULL);
  pthread_join (c2, NULL);
  return 0;
}
