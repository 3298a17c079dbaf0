/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * asm_publish — the producer writes `data`, then publishes `flag` with an
 * inline-assembly store (Concurrency Kit's x86-64 ck_pr_store_uint); the
 * consumer reads the data only if it sees the flag.  Correct on x86-64.
 * augur sees the two accesses of `data` but not the store that orders
 * them: the race it reports is a warning that says so, never an error
 * (test-unseen.sh).
 */
#include <pthread.h>

static unsigned flag;
static int data;

static void
publish (unsigned *p, unsigned v)
{
  __asm__ __volatile__ ("movl %1, %0" : "=m"(*p) : "r"(v) : "memory");
}

static void *
producer (void *arg)
{
  (void) arg;
  data = 42;
  publish (&flag, 1);
  return NULL;
}

static void *
consumer (void *arg)
{
  (void) arg;
  if (*(volatile unsigned *) &flag == 0)
    return NULL;
  __asm__ __volatile__ ("" ::: "memory");
  return (void *) (long) data;
}

int
main (void)
{
  pthread_t p, c;
  pthread_create (&p, NULL, producer, NULL);
  pthread_create (&c, NULL, consumer, NULL);
  pthread_join (p, NULL);
  void *got;
  pthread_join (c, &got);
  return got == NULL || got == (void *) 42L ? 0 : 1;
}
