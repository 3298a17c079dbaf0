/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * order_violation — the consumer uses the data before the producer
 * publishes it: an order violation, not an atomicity violation.  Both
 * threads also bump a statistics counter without a lock, twice each, so
 * the failing executions contain unserializable interleavings of that
 * counter; none of them causes the failure, and diagnosis must not say
 * one does.
 */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>

static int value = 42;
static int *volatile data;
static int stats;

static void *
producer (void *unused)
{
  (void) unused;
  stats = stats + 1;
  data = &value;
  stats = stats + 1;
  return NULL;
}

static void *
consumer (void *unused)
{
  (void) unused;
  stats = stats + 1;
  int *p = data;
  stats = stats + 1;
  assert (p != NULL);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, producer, NULL);
  pthread_create (&b, NULL, consumer, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
