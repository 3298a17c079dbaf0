/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * predict-queue.h — the bounded work queue the thread-pool workloads of
 * `make bench-predict` share: a ring of QUEUE items under one mutex with
 * two condition variables, closed by main once every item is in.  A
 * workload defines QueueItem (the type of an item), QUEUE_NONE (what
 * queue_take returns once the queue is closed and empty) and QUEUE (the
 * ring's size) before it includes this file; it is included by one .c file
 * each, so its functions are static.
 */
#ifndef AUGUR_BENCH_PREDICT_QUEUE_H
#define AUGUR_BENCH_PREDICT_QUEUE_H

#include <pthread.h>

static struct {
  pthread_mutex_t lock;
  pthread_cond_t not_empty, not_full;
  QueueItem ring[QUEUE];
  int head, tail, count, closed;
} queue = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER };

static void
queue_put (QueueItem item)
{
  pthread_mutex_lock (&queue.lock);
  while (queue.count == QUEUE)
    pthread_cond_wait (&queue.not_full, &queue.lock);
  queue.ring[queue.tail] = item;
  queue.tail = (queue.tail + 1) % QUEUE;
  queue.count++;
  pthread_cond_signal (&queue.not_empty);
  pthread_mutex_unlock (&queue.lock);
}

/* QUEUE_NONE once the queue is closed and empty. */
static QueueItem
queue_take (void)
{
  pthread_mutex_lock (&queue.lock);
  while (queue.count == 0 && !queue.closed)
    pthread_cond_wait (&queue.not_empty, &queue.lock);
  QueueItem item = QUEUE_NONE;
  if (queue.count > 0)
    {
      item = queue.ring[queue.head];
      queue.head = (queue.head + 1) % QUEUE;
      queue.count--;
      pthread_cond_signal (&queue.not_full);
    }
  pthread_mutex_unlock (&queue.lock);
  return item;
}

/* No more items: wakes the workers waiting on an empty queue. */
static void
queue_close (void)
{
  pthread_mutex_lock (&queue.lock);
  queue.closed = 1;
  pthread_cond_broadcast (&queue.not_empty);
  pthread_mutex_unlock (&queue.lock);
}

#endif
