/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * free_while_unlocking_ok — free_while_unlocking fixed: main reads the
 * count under the pool's lock, so the worker's unlock comes before main's
 * lock, and the free after both; then it destroys the mutex and frees the
 * pool.  Nothing touches the pool after the free.
 */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

struct pool
{
  pthread_mutex_t count_lock;
  int alive;
};

static void *
worker (void *arg)
{
  struct pool *p = arg;
  pthread_mutex_lock (&p->count_lock);
  p->alive--;
  pthread_mutex_unlock (&p->count_lock);
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
  for (;;)
    {
      pthread_mutex_lock (&p->count_lock);
      int alive = p->alive;
      pthread_mutex_unlock (&p->count_lock);
      if (alive == 0)
        break;
      usleep (1000);
    }
  pthread_mutex_destroy (&p->count_lock);
  free (p);
  pthread_exit (NULL);
}
