/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * counterseq_ok — the fix of counterseq: the increment is one atomic
 * fetch-and-add.
 */
#include <assert.h>
#include <pthread.h>

#define INCREMENTS 2

static int counter;

static void *
incrementer (void *unused)
{
  for (int i = 0; i < INCREMENTS; i++)
    __atomic_fetch_add (&counter, 1, __ATOMIC_RELAXED);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, incrementer, NULL);
  pthread_create (&b, NULL, incrementer, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (counter == 2 * INCREMENTS);
  return 0;
}
