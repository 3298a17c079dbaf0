/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * spin_forever — two workers spin on an atomic flag that nobody sets
 * [hang]: main joins them for ever.  Recorded, the spin writes millions
 * of small events a second; augur check's cap in events cuts it long
 * before its budget (test-budget.sh).
 */
#include <pthread.h>

static int go;

static void *
worker (void *arg)
{
  (void) arg;
  while (!__atomic_load_n (&go, __ATOMIC_ACQUIRE))
    ;
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, worker, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
