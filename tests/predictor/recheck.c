/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * recheck — the reader reads `seq` twice with one instruction (a loop, as
 * a spin until a sequence number is even does) and `seq2` twice with two;
 * the writer writes both.  A write between the two reads of one
 * instruction is how a re-checking loop works, not an atomicity violation:
 * no R-W-R is predicted on seq; on seq2 it is (test-predict.sh).
 */
#include <pthread.h>
#include <stdatomic.h>

static atomic_uint seq, seq2;
static unsigned result;

static void *
reader (void *arg)
{
  (void) arg;
  unsigned s = 0;
  for (int i = 0; i < 2; i++)
    s += atomic_load (&seq);
  unsigned a = atomic_load (&seq2);
  unsigned b = atomic_load (&seq2);
  result = s + a + b;
  return NULL;
}

static void *
writer (void *arg)
{
  (void) arg;
  atomic_store (&seq, 1);
  atomic_store (&seq2, 1);
  return NULL;
}

int
main (void)
{
  pthread_t r, w;
  pthread_create (&r, NULL, reader, NULL);
  pthread_create (&w, NULL, writer, NULL);
  pthread_join (r, NULL);
  pthread_join (w, NULL);
  return (int) (result > 6);
}
