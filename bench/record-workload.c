/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * record-workload.c — the program `make bench` records to measure what
 * recording costs.
 *
 * Four threads share a table of 4096 counters and one lock-protected
 * total.  Each iteration does a little private computation (a few rounds
 * of a hash mix, in registers), reads one shared slot and writes another,
 * and every 8th iteration adds to the total under a mutex: some 1.25
 * million shared accesses and 75,000 lock/unlock pairs in all, with work
 * in between, as in a real program rather than a tight loop of accesses.
 * The result is printed so that nothing can be optimised away.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define THREADS 4
#define ITERATIONS 150000
#define SLOTS 4096

static uint64_t table[SLOTS];
static uint64_t total;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;

static uint64_t
mix (uint64_t x)
{
  for (int round = 0; round < 6; round++)
    {
      x ^= x >> 31;
      x *= 0x9e3779b97f4a7c15ull;
      x ^= x >> 29;
    }
  return x;
}

static void *
worker (void *arg)
{
  uint64_t seed = (uint64_t) (uintptr_t) arg + 1;
  uint64_t local = 0;
  for (int i = 0; i < ITERATIONS; i++)
    {
      seed = mix (seed + (uint64_t) i);
      uint64_t v = table[seed % SLOTS];          /* shared read */
      local += mix (v ^ seed);
      table[(seed >> 20) % SLOTS] = local;       /* shared write */
      if (i % 8 == 0)
        {
          pthread_mutex_lock (&total_lock);
          total += local & 0xff;                 /* shared read + write */
          pthread_mutex_unlock (&total_lock);
        }
    }
  return NULL;
}

int
main (void)
{
  pthread_t t[THREADS];
  for (uintptr_t k = 0; k < THREADS; k++)
    if (pthread_create (&t[k], NULL, worker, (void *) k) != 0)
      return 1;
  for (int k = 0; k < THREADS; k++)
    pthread_join (t[k], NULL);
  printf ("%llu\n", (unsigned long long) total);
  return 0;
}
