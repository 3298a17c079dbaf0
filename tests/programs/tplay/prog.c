/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tplay — after tplay, the audio player the inspect paper checks (one thread
 * prefetches the audio data, another plays it; inspect found no error in
 * it).  The prefetch thread fills a ring of two buffers and the play thread
 * drains it, both under one mutex with a condition variable for each
 * direction and every wait in a loop on its predicate.  The player checks
 * that it plays the blocks in order.  A correct program: no finding.
 */
#include <assert.h>
#include <pthread.h>

#define SLOTS 2
#define BLOCKS 6

static int ring[SLOTS];
static int filled, head;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER;
static pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER;

static void *
prefetch (void *unused)
{
  for (int b = 0; b < BLOCKS; b++)
    {
      pthread_mutex_lock (&m);
      while (filled == SLOTS)
        pthread_cond_wait (&not_full, &m);
      ring[(head + filled) % SLOTS] = b;
      filled++;
      pthread_cond_signal (&not_empty);
      pthread_mutex_unlock (&m);
    }
  return NULL;
}

static void *
play (void *unused)
{
  for (int b = 0; b < BLOCKS; b++)
    {
      pthread_mutex_lock (&m);
      while (filled == 0)
        pthread_cond_wait (&not_empty, &m);
      int block = ring[head];
      head = (head + 1) % SLOTS;
      filled--;
      pthread_cond_signal (&not_full);
      pthread_mutex_unlock (&m);
      assert (block == b);
    }
  return NULL;
}

int
main (void)
{
  pthread_t p, q;
  pthread_create (&p, NULL, prefetch, NULL);
  pthread_create (&q, NULL, play, NULL);
  pthread_join (p, NULL);
  pthread_join (q, NULL);
  return 0;
}
