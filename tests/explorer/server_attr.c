/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Thread attributes on fibers: two threads with a stack size only (glibc
 * reports their stack address as 0 - size: no stack of their own), each
 * using 100 KB of it, then one on a stack the program allocated itself.
 * The bug is the unsynchronised `racy`; nothing may crash.
 */
#include <pthread.h>
#include <stdlib.h>

static int racy;

static void *
worker (void *arg)
{
  (void) arg;
  volatile char big[100000];
  big[0] = 1;
  big[sizeof big - 1] = 1;
  racy += big[0];
  return NULL;
}

int
main (void)
{
  pthread_attr_t sized;
  pthread_attr_init (&sized);
  pthread_attr_setstacksize (&sized, 1 << 20);
  pthread_t t[2];
  for (int k = 0; k < 2; k++)
    pthread_create (&t[k], &sized, worker, NULL);
  for (int k = 0; k < 2; k++)
    pthread_join (t[k], NULL);
  pthread_attr_destroy (&sized);

  pthread_attr_t own;
  pthread_attr_init (&own);
  size_t size = 1 << 20;
  void *stack = malloc (size);
  pthread_attr_setstack (&own, stack, size);
  pthread_t u;
  pthread_create (&u, &own, worker, NULL);
  pthread_join (u, NULL);
  pthread_attr_destroy (&own);
  free (stack);
  return 0;
}
