/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * hang_own_write — a ring's consumer polls for a second entry the producer
 * never makes; in each round it re-reads its own seen offset (which it
 * writes itself), the head, and the ring's size (written once, before the
 * threads start).  The hang names what another thread could change, the
 * head first, and not the consumer's own offset: it is not waiting for it
 * (test-explore.sh).
 */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>

struct ring { unsigned space; unsigned head; unsigned seen; };

static struct ring *rb;

static void *
producer (void *arg)
{
  __atomic_store_n (&rb->head, 1, __ATOMIC_RELEASE);   /* one entry, not two */
  return arg;
}

static void *
consumer (void *arg)
{
  for (;;)
    {
      unsigned seen = rb->seen;
      unsigned head = __atomic_load_n (&rb->head, __ATOMIC_ACQUIRE);   /* [hang] */
      if (head >= 2 && head - seen <= rb->space)
        break;
      rb->seen = head;
      sched_yield ();
    }
  return arg;
}

int
main (void)
{
  pthread_t p, q;
  rb = calloc (1, sizeof *rb);
  if (rb == NULL)
    return 1;
  rb->space = 8;
  pthread_create (&q, NULL, consumer, NULL);
  pthread_create (&p, NULL, producer, NULL);
  pthread_join (p, NULL);
  pthread_join (q, NULL);
  free (rb);
  return 0;
}
