/* SPDX-License-Identifier: GPL-3.0-or-later
 * The other half of the simd case (with simd_checksum.c, which Frama-C
 * cannot parse): two workers checksum their half of a read-only table
 * and add the sum to `total` without a lock.  That race must stay a
 * candidate pair whatever becomes of the other file. */
#include <pthread.h>
#include <stdio.h>
#include <stddef.h>

unsigned simd_checksum (const unsigned char *buf, size_t len);

static const unsigned char table[2][20] = { "the first half ...", "and the second one." };
static unsigned long total;

static void *
worker (void *arg)
{
  const unsigned char *half = arg;
  unsigned sum = simd_checksum (half, sizeof table[0]);
  total += sum;
  return NULL;
}

int
main (void)
{
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, (void *) table[i]);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  printf ("%lu\n", total);
  return 0;
}
