/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * relaxed_mp — a producer publishes a message with a flag stored with
 * memory_order_relaxed, and the consumer polls the flag with a relaxed
 * load: relaxed atomics order nothing, so the message itself is a data
 * race (C11 5.1.2.4: undefined behaviour; on a weakly ordered processor
 * the consumer may read a stale message).
 */
#include <pthread.h>
#include <stdatomic.h>

static char message[16];
static atomic_int ready;

static void *
producer (void *unused)
{
  message[0] = 'h';                            /* [data-race] */
  message[1] = 'i';
  atomic_store_explicit (&ready, 1, memory_order_relaxed);
  return NULL;
}

static void *
consumer (void *unused)
{
  while (!atomic_load_explicit (&ready, memory_order_relaxed))
    ;
  return message[0] == 'h' ? NULL : (void *) 1; /* [data-race] */
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
