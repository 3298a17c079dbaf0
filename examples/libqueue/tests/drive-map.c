/* SPDX-License-Identifier: GPL-3.0-or-later
 * drive-map.c — two writers put overlapping keys; the map ends with the
 * union of the keys and the right size. */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#include "../hashmap.h"

static hashmap_t *m;

static void *
writer (void *arg)
{
  unsigned first = (unsigned) (uintptr_t) arg;
  for (unsigned k = first; k < first + 2; k++)
    hashmap_put (m, k, (void *) (uintptr_t) (k + 1));
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  m = hashmap_new ();
  pthread_create (&a, NULL, writer, (void *) 0);
  pthread_create (&b, NULL, writer, (void *) 1);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (hashmap_size (m) == 3);
  for (unsigned k = 0; k < 3; k++)
    assert (hashmap_get (m, k) == (void *) (uintptr_t) (k + 1));
  hashmap_free (m);
  printf ("map: ok\n");
  return 0;
}
