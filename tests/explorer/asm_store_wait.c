/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * asm_store_wait — main publishes a flag with an inline-assembly store,
 * as Concurrency Kit's x86-64 ck_pr_store_uint does, once the consumer
 * is ready; the consumer spins on the flag with a plain load.  It always ends natively.  augur
 * cannot see the store, so under its scheduler the consumer's loop waits
 * for a write it never sees: a hang augur cannot vouch for, a warning
 * that says why, never an error (test-unseen.sh).
 */
#include <pthread.h>

static unsigned flag;
static int ready;

static void
publish (unsigned *p, unsigned v)
{
  __asm__ __volatile__ ("movl %1, %0" : "=m"(*p) : "r"(v) : "memory");
}

static void *
consumer (void *arg)
{
  (void) arg;
  __atomic_store_n (&ready, 1, __ATOMIC_RELEASE);
  while (*(volatile unsigned *) &flag == 0)
    ;
  return NULL;
}

int
main (void)
{
  pthread_t c;
  pthread_create (&c, NULL, consumer, NULL);
  while (!__atomic_load_n (&ready, __ATOMIC_ACQUIRE))
    ;
  publish (&flag, 1);   /* the consumer waits in its loop by now */
  pthread_join (c, NULL);
  return 0;
}
