/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * reinit_waited — C-Thread-Pool's bsem_reset() while its workers still
 * wait in bsem_wait(): main posts to all, then destroys and initialises
 * again the mutex and the condition they wait on, and frees the block.
 * The misuses are real; the program is deterministic, and every run
 * follows its schedule (test-destroy-misuse.sh): a wake-up's mutex is
 * released by its unlock after a free of it, and an unlock by another
 * thread than the holder (the init freed the lock) races with the
 * holder's wait.
 */
#include <pthread.h>
#include <stdlib.h>

struct bsem { pthread_mutex_t m; pthread_cond_t c; int v; };
static struct bsem *b;

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&b->m);
  while (b->v != 1)
    pthread_cond_wait (&b->c, &b->m);
  b->v = 0;
  pthread_mutex_unlock (&b->m);
  return NULL;
}

int
main (void)
{
  pthread_t t[2];
  b = malloc (sizeof *b);
  pthread_mutex_init (&b->m, NULL);
  pthread_cond_init (&b->c, NULL);
  b->v = 0;
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  pthread_mutex_lock (&b->m);
  b->v = 1;
  pthread_cond_broadcast (&b->c);
  pthread_mutex_unlock (&b->m);
  /* bsem_reset */
  pthread_mutex_destroy (&b->m);
  pthread_cond_destroy (&b->c);
  pthread_mutex_init (&b->m, NULL);
  pthread_cond_init (&b->c, NULL);
  b->v = 0;
  free (b);
  return 0;
}
