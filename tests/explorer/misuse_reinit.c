/* A pool resets its "has jobs" semaphore by initialising its mutex again
 * while a worker still uses it: a re-initialisation of a live mutex, not a
 * lock reached before its first init. */
#include <pthread.h>
#include <stdlib.h>

struct bsem
{
  pthread_mutex_t mutex;
  int v;
};

static void *
worker (void *arg)
{
  struct bsem *b = arg;
  pthread_mutex_lock (&b->mutex);
  b->v = 1;
  pthread_mutex_unlock (&b->mutex);
  return NULL;
}

int
main (void)
{
  struct bsem *b = malloc (sizeof *b);
  pthread_mutex_init (&b->mutex, NULL);
  b->v = 0;
  pthread_t t;
  pthread_create (&t, NULL, worker, b);
  pthread_mutex_init (&b->mutex, NULL);   /* [misuse:init-in-use] the reset */
  pthread_join (t, NULL);
  pthread_mutex_destroy (&b->mutex);
  free (b);
  return 0;
}
