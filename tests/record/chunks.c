/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * chunks.c — many events from several threads at once, so that each
 * thread fills many chunks of the trace while the others write theirs:
 * four threads increment one counter 3,000 times each under a mutex.  In a
 * correct trace, read back in seq order, the locks and unlocks of the
 * mutex alternate, each unlock by the thread of the lock before it, and
 * the counter's reads see 0, 1, 2, ... in turn (test-record-cli.sh checks
 * both).  Not compared with a golden file: the interleaving varies.
 */
#include <pthread.h>
#include <stdio.h>

#define THREADS 4
#define ROUNDS 3000

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long counter;

static void *
worker (void *arg)
{
  (void) arg;
  for (int i = 0; i < ROUNDS; i++)
    {
      pthread_mutex_lock (&lock);
      counter = counter + 1;
      pthread_mutex_unlock (&lock);
    }
  return NULL;
}

int
main (void)
{
  pthread_t t[THREADS];
  for (int k = 0; k < THREADS; k++)
    pthread_create (&t[k], NULL, worker, NULL);
  for (int k = 0; k < THREADS; k++)
    pthread_join (t[k], NULL);
  printf ("%ld\n", counter);
  return counter == (long) THREADS * ROUNDS ? 0 : 1;
}
