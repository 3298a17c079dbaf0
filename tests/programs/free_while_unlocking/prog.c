/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * free_while_unlocking — a worker pool's teardown: the last worker counts
 * itself out under the pool's lock and unlocks; main polls the count
 * without the lock and frees the pool (mutex included) as soon as it
 * reads zero.  The worker may still be inside pthread_mutex_unlock on the
 * pool's mutex when the pool is freed: the unlock then writes freed
 * memory (C-Thread-Pool's thpool_destroy polling num_threads_alive, as
 * ThreadSanitizer reports it).  It almost never fails natively: glibc
 * keeps the freed block until it is handed out again.
 */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

struct pool
{
  pthread_mutex_t count_lock;
  volatile int alive;
};

static void *
worker (void *arg)
{
  struct pool *p = arg;
  pthread_mutex_lock (&p->count_lock);
  p->alive--;                                     /* [data-race] */
  pthread_mutex_unlock (&p->count_lock);          /* [misuse:use-after-free] */
  return NULL;
}

int
main (void)
{
  struct pool *p = calloc (1, sizeof *p);
  pthread_mutex_init (&p->count_lock, NULL);
  p->alive = 1;
  pthread_t t;
  pthread_create (&t, NULL, worker, p);
  pthread_detach (t);
  while (p->alive > 0)                            /* [data-race] */
    usleep (1000);
  free (p);                                       /* [misuse:use-after-free] */
  pthread_exit (NULL);
}
