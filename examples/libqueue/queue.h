/* SPDX-License-Identifier: GPL-3.0-or-later
 * queue.h — a bounded, blocking, thread-safe FIFO of pointers. */
#ifndef QUEUE_H
#define QUEUE_H

#include <stddef.h>

typedef struct queue queue_t;

queue_t *queue_new (size_t capacity);
void queue_free (queue_t *q);
/* Blocks while the queue is full. */
void queue_push (queue_t *q, void *item);
/* Blocks while the queue is empty. */
void *queue_pop (queue_t *q);
/* Items pushed since the queue was created (statistics). */
unsigned long queue_pushed (queue_t *q);

#endif
