/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * relaxed_mp_ok — the fix of relaxed_mp: the flag is stored with release
 * and loaded with acquire, so the message happens before its use.
 */
#include <pthread.h>
#include <stdatomic.h>

static char message[16];
static atomic_int ready;

static void *
producer (void *unused)
{
  message[0] = 'h';
  message[1] = 'i';
  atomic_store_explicit (&ready, 1, memory_order_release);
  return NULL;
}

static void *
consumer (void *unused)
{
  while (!atomic_load_explicit (&ready, memory_order_acquire))
    ;
  return message[0] == 'h' ? NULL : (void *) 1;
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
