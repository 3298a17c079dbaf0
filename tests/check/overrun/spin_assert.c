/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * spin_assert — an assertion behind a spin-wait on a C11 atomic: the
 * producer publishes `ready` before it writes `data` (line 20 before line
 * 21), so the consumer, once its spin ends, may read the old value and
 * the assertion at line 31 fails.  The spin only reads: an await, not a
 * loop that eats the step budget.
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

static atomic_int ready;
static int data;

static void *
produce (void *arg)
{
  (void) arg;
  atomic_store (&ready, 1);
  data = 42;
  return NULL;
}

static void *
consume (void *arg)
{
  (void) arg;
  while (!atomic_load (&ready))
    ;
  assert (data == 42);
  return NULL;
}

int
main (void)
{
  pthread_t p, c;
  pthread_create (&c, NULL, consume, NULL);
  pthread_create (&p, NULL, produce, NULL);
  pthread_join (p, NULL);
  pthread_join (c, NULL);
  return 0;
}
