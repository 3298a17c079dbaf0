/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * queueseq_ok — the fix of queueseq: enqueueing holds the queue's lock, as
 * the book's bounded lock-based queue does.
 */
#include <assert.h>
#include <pthread.h>

#define CAPACITY 8

typedef struct {
  pthread_mutex_t lock;
  int items[CAPACITY];
  int head, tail;
} Queue;

static Queue q = { PTHREAD_MUTEX_INITIALIZER };

static void
enq (Queue *qu, int x)
{
  pthread_mutex_lock (&qu->lock);
  qu->items[qu->tail % CAPACITY] = x;
  qu->tail = qu->tail + 1;
  pthread_mutex_unlock (&qu->lock);
}

static int
deq (Queue *qu)
{
  int x = -1;
  pthread_mutex_lock (&qu->lock);
  if (qu->head != qu->tail)
    x = qu->items[qu->head++ % CAPACITY];
  pthread_mutex_unlock (&qu->lock);
  return x;
}

static void *
producer (void *arg)
{
  enq (&q, (int) (long) arg);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, producer, (void *) 1L);
  pthread_create (&b, NULL, producer, (void *) 2L);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  int sum = 0, x;
  while ((x = deq (&q)) >= 0)
    sum += x;
  assert (sum == 3);
  return 0;
}
