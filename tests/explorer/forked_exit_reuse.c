/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Real threads (the program maps memory of its own: forked executions)
 * that allocate, free and exit.  glibc ends a thread's exit after its
 * last step: its tcache flushed into its arena and the arena put on the
 * free list, where the next thread's first malloc takes it.  So whether
 * b's block is the one a freed depended on how far a's exit had got in
 * real time, and with it what the explorer saw: three rounds explored 49
 * to 87 executions.  The scheduler now waits for an exited thread to be
 * gone: every run explores the same executions.
 */
#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>

#define ROUNDS 3

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t n = PTHREAD_MUTEX_INITIALIZER;

static void *
a (void *arg)
{
  pthread_mutex_lock (&n);      /* lets main order itself after a, or not */
  pthread_mutex_unlock (&n);
  volatile char *p = calloc (1, 300);   /* volatile: kept at -O1 */
  p[0x48] = 1;
  free ((void *) p);
  return arg;
}

static void *
b (void *arg)
{
  pthread_mutex_lock (&m);      /* main holds m: b allocates after a's exit, or not */
  pthread_mutex_unlock (&m);
  volatile char *q = malloc (4096);
  q[0x48] = 2;
  free ((void *) q);
  return arg;
}

int
main (void)
{
  void *map = mmap (NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  for (int r = 0; r < ROUNDS; r++)
    {
      pthread_t ta, tb;
      pthread_mutex_lock (&m);
      pthread_create (&ta, NULL, a, NULL);
      pthread_create (&tb, NULL, b, NULL);
      pthread_mutex_lock (&n);
      pthread_mutex_unlock (&n);
      pthread_mutex_unlock (&m);
      pthread_join (ta, NULL);
      pthread_join (tb, NULL);
    }
  munmap (map, 4096);
  return 0;
}
