/* A block with a mutex, a condition variable and a read-write lock, set
 * up by copying their static initialisers, used by a worker, destroyed
 * and freed, twice; with --malloc-reuse the second block is the first
 * one's memory.  Its objects are new objects, as they would be in fresh
 * memory: no use after destroy, no double destroy, and no uninitialised
 * use either (the copied initialisers set them up). */
#include <pthread.h>
#include <stdlib.h>

struct box {
  pthread_mutex_t m;
  pthread_cond_t c;
  pthread_rwlock_t rw;
  int n;
};

static void *
worker (void *arg)
{
  struct box *b = arg;
  pthread_mutex_lock (&b->m);
  b->n++;
  pthread_cond_signal (&b->c);
  pthread_mutex_unlock (&b->m);
  pthread_rwlock_rdlock (&b->rw);
  pthread_rwlock_unlock (&b->rw);
  return NULL;
}

static void __attribute__ ((noinline))
life (void)
{
  struct box *b = malloc (sizeof *b);
  if (b == NULL)
    return;
  *b = (struct box) { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,
                      PTHREAD_RWLOCK_INITIALIZER, 0 };
  pthread_t t;
  pthread_create (&t, NULL, worker, b);
  pthread_mutex_lock (&b->m);
  while (b->n == 0)
    pthread_cond_wait (&b->c, &b->m);
  pthread_mutex_unlock (&b->m);
  pthread_join (t, NULL);
  pthread_rwlock_destroy (&b->rw);
  pthread_cond_destroy (&b->c);
  pthread_mutex_destroy (&b->m);
  free (b);
}

int
main (void)
{
  life ();
  life ();
  return 0;
}
