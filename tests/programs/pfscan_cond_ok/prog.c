/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * pfscan_cond_ok — the fix of pfscan_cond: pqueue_init initialises the
 * condition variable too, and main destroys both objects at the end.
 */
#include <pthread.h>
#include <stdlib.h>

typedef struct {
  pthread_mutex_t mtx;
  pthread_cond_t more;
  int items[4];
  int n, closed;
} PQueue;

static void
pqueue_init (PQueue *q)
{
  pthread_mutex_init (&q->mtx, NULL);
  pthread_cond_init (&q->more, NULL);
  q->n = 0;
  q->closed = 0;
}

static void
pqueue_put (PQueue *q, int item)
{
  pthread_mutex_lock (&q->mtx);
  q->items[q->n++] = item;
  pthread_cond_signal (&q->more);
  pthread_mutex_unlock (&q->mtx);
}

static void
pqueue_close (PQueue *q)
{
  pthread_mutex_lock (&q->mtx);
  q->closed = 1;
  pthread_cond_broadcast (&q->more);
  pthread_mutex_unlock (&q->mtx);
}

static int
pqueue_get (PQueue *q, int *item)
{
  pthread_mutex_lock (&q->mtx);
  while (q->n == 0 && !q->closed)
    pthread_cond_wait (&q->more, &q->mtx);
  int got = q->n > 0;
  if (got)
    *item = q->items[--q->n];
  pthread_mutex_unlock (&q->mtx);
  return got;
}

static void *
scanner (void *arg)
{
  PQueue *q = arg;
  int item;
  while (pqueue_get (q, &item))
    ;
  return NULL;
}

int
main (void)
{
  PQueue *q = malloc (sizeof *q);
  pthread_t t;
  pqueue_init (q);
  pthread_create (&t, NULL, scanner, q);
  pqueue_put (q, 1);
  pqueue_put (q, 2);
  pqueue_close (q);
  pthread_join (t, NULL);
  pthread_mutex_destroy (&q->mtx);
  pthread_cond_destroy (&q->more);
  free (q);
  return 0;
}
