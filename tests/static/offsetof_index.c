/* SPDX-License-Identifier: GPL-3.0-or-later
 * offsetof with a variable array index, GCC's extension (rmind/ringbuf:
 * the size of a struct with a flexible array member for n workers), which
 * Frama-C 25 rejected ("Index is not constant") and the file was left
 * out.  Two workers add to the ring's total under its lock and to a
 * counter without one: the total is protected, the counter a candidate. */
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

struct slot { int owner; long sum; };
struct ring {
  pthread_mutex_t lock;
  long total;
  unsigned n;
  struct slot slots[];
};

static struct ring *ring;
static int counter;

static size_t
ring_size (unsigned n)
{
  return offsetof (struct ring, slots[n]);
}

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&ring->lock);
  ring->total++;
  pthread_mutex_unlock (&ring->lock);
  counter++;
  return NULL;
}

int
main (int argc, char **argv)
{
  (void) argv;
  unsigned n = (unsigned) argc + 1;
  ring = malloc (ring_size (n));
  if (ring == NULL)
    return 1;
  memset (ring, 0, offsetof (struct ring, slots[n]));
  pthread_mutex_init (&ring->lock, NULL);
  ring->n = n;
  pthread_t a, b;
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, worker, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  free (ring);
  return counter == 2 ? 0 : 1;
}
