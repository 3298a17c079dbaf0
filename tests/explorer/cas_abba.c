/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two compare-and-swap spin locks taken in opposite orders: when each
 * thread holds its first, both spin for ever (a livelock; main waits in
 * its join).  The spin's `expected = 0` is a write to the thread's own
 * stack that the static facts prune: it must not hide the waiting loop
 * (test-prune.sh).
 */
#include <pthread.h>
#include <stdatomic.h>

static atomic_int head_lock, tail_lock;
static int moved;

static void
acquire (atomic_int *l)
{
  int expected;
  do
    expected = 0;
  while (!atomic_compare_exchange_weak (l, &expected, 1));
}

static void
release (atomic_int *l)
{
  atomic_store (l, 0);
}

static void *
push_front (void *arg)
{
  acquire (&head_lock);
  acquire (&tail_lock);
  moved++;
  release (&tail_lock);
  release (&head_lock);
  return arg;
}

static void *
pop_back (void *arg)
{
  acquire (&tail_lock);
  acquire (&head_lock);
  moved--;
  release (&head_lock);
  release (&tail_lock);
  return arg;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, push_front, NULL);
  pthread_create (&b, NULL, pop_back, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return moved;
}
