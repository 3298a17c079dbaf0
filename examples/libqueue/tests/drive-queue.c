/* SPDX-License-Identifier: GPL-3.0-or-later
 * drive-queue.c — two producers, one consumer; every item arrives once
 * and the push statistic counts every push. */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#include "../queue.h"

#define PER_PRODUCER 2

static queue_t *q;

static void *
producer (void *arg)
{
  uintptr_t base = (uintptr_t) arg;
  for (uintptr_t i = 0; i < PER_PRODUCER; i++)
    queue_push (q, (void *) (base + i + 1));
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  q = queue_new (2);
  pthread_create (&a, NULL, producer, (void *) 0);
  pthread_create (&b, NULL, producer, (void *) 100);
  uintptr_t sum = 0;
  for (int i = 0; i < 2 * PER_PRODUCER; i++)
    sum += (uintptr_t) queue_pop (q);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (sum == 1 + 2 + 101 + 102);
  assert (queue_pushed (q) == 2 * PER_PRODUCER);
  queue_free (q);
  printf ("queue: ok\n");
  return 0;
}
