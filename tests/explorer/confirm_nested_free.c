/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * confirm_nested_free — confirm_exit's lost update after main allocates two
 * blocks and frees them in reverse order with nothing in between, as
 * fopen and fclose do with a FILE and its buffer: under the scheduler
 * neither free is a step (each block is the last one allocated and no step
 * touched it), and the predicted schedule must agree, or the prediction is
 * "not realisable" at the outer free.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long total;

static void *
deposit (void *arg)
{
  long cur = total;
  total = cur + (long) arg;
  return NULL;
}

int
main (void)
{
  void *file = malloc (64);
  void *buffer = malloc (256);
  free (buffer);
  free (file);
  pthread_t t1, t2;
  pthread_create (&t1, NULL, deposit, (void *) 40L);
  pthread_create (&t2, NULL, deposit, (void *) 2L);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  if (total != 42)
    {
      fprintf (stderr, "wrong total %ld\n", total);
      return 1;
    }
  return 0;
}
