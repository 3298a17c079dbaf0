/* One counter guarded by two different locks: the worker counts under the
 * pool's `work` lock, the waiter reads it under its own `idle` lock (a
 * data race).  Each side of the race holds one lock, and the finding must
 * say which: that is what explains it. */
#include <pthread.h>
#include <stdlib.h>

struct pool
{
  pthread_mutex_t work;
  pthread_mutex_t idle;
  int pending;
};

static void *
worker (void *arg)
{
  struct pool *p = arg;
  pthread_mutex_lock (&p->work);
  p->pending++;               /* [data-race] under work */
  pthread_mutex_unlock (&p->work);
  return NULL;
}

int
main (void)
{
  struct pool *p = calloc (1, sizeof *p);
  pthread_mutex_init (&p->work, NULL);
  pthread_mutex_init (&p->idle, NULL);
  pthread_t t;
  pthread_create (&t, NULL, worker, p);
  pthread_mutex_lock (&p->idle);
  int seen = p->pending;      /* [data-race] under idle */
  pthread_mutex_unlock (&p->idle);
  pthread_join (t, NULL);
  pthread_mutex_destroy (&p->work);
  pthread_mutex_destroy (&p->idle);
  free (p);
  return seen > 1;
}
