/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * queueseq — after the queueseq program of ConcBugAssist's evaluation (its
 * Table 1: an array-based queue from The Art of Multiprocessor Programming
 * with its synchronisation stripped off, 3 threads, a data race).  Two
 * producers enqueue by storing at items[tail] and then advancing tail, with
 * no lock; both can store into the same slot, so one item is lost and a
 * slot is left empty.  main dequeues everything and checks what it got.
 */
#include <assert.h>
#include <pthread.h>

#define CAPACITY 8

typedef struct {
  int items[CAPACITY];
  int head, tail;
} Queue;

static Queue q;

static void
enq (Queue *qu, int x)
{
  qu->items[qu->tail % CAPACITY] = x;           /* [data-race] */
  qu->tail = qu->tail + 1;                      /* [data-race] */
}

static int
deq (Queue *qu)
{
  if (qu->head == qu->tail)
    return -1;
  return qu->items[qu->head++ % CAPACITY];
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
  assert (sum == 3);                            /* [assertion] */
  return 0;
}
