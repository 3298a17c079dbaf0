/* SPDX-License-Identifier: GPL-3.0-or-later
 * queue.c — a bounded queue: a ring buffer under one mutex, with two
 * condition variables for "not full" and "not empty".
 *
 * The planted bug (what augur is there to find): the push counter is a
 * statistic, and someone "optimised" it out of the critical section.  Two
 * concurrent pushes can then read the same old value and one increment is
 * lost.  The tests almost never see it natively; the driver's final check
 * fails only in that interleaving. */
#include "queue.h"

#include <pthread.h>
#include <stdlib.h>

struct queue {
  pthread_mutex_t lock;
  pthread_cond_t not_full, not_empty;
  void **items;
  size_t capacity, head, count;
  unsigned long pushed;
};

queue_t *
queue_new (size_t capacity)
{
  queue_t *q = calloc (1, sizeof *q);
  q->items = calloc (capacity, sizeof *q->items);
  q->capacity = capacity;
  pthread_mutex_init (&q->lock, NULL);
  pthread_cond_init (&q->not_full, NULL);
  pthread_cond_init (&q->not_empty, NULL);
  return q;
}

void
queue_free (queue_t *q)
{
  pthread_cond_destroy (&q->not_empty);
  pthread_cond_destroy (&q->not_full);
  pthread_mutex_destroy (&q->lock);
  free (q->items);
  free (q);
}

void
queue_push (queue_t *q, void *item)
{
  pthread_mutex_lock (&q->lock);
  while (q->count == q->capacity)
    pthread_cond_wait (&q->not_full, &q->lock);
  q->items[(q->head + q->count) % q->capacity] = item;
  q->count++;
  pthread_cond_signal (&q->not_empty);
  pthread_mutex_unlock (&q->lock);
  q->pushed++;                 /* BUG: outside the lock */
}

void *
queue_pop (queue_t *q)
{
  pthread_mutex_lock (&q->lock);
  while (q->count == 0)
    pthread_cond_wait (&q->not_empty, &q->lock);
  void *item = q->items[q->head];
  q->head = (q->head + 1) % q->capacity;
  q->count--;
  pthread_cond_signal (&q->not_full);
  pthread_mutex_unlock (&q->lock);
  return item;
}

unsigned long
queue_pushed (queue_t *q)
{
  pthread_mutex_lock (&q->lock);
  unsigned long n = q->pushed;
  pthread_mutex_unlock (&q->lock);
  return n;
}
