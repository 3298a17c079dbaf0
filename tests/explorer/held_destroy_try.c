/* held_destroy_lost.c with the worker's lock a trylock: it takes the lock
 * before main's lock (the assertion fails), or fails before main's destroy,
 * or fails after it (a use after destroy): three traces.  Unlike a lock, a
 * trylock can go right before the destroy of the held mutex. */
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x;

static void *
worker (void *arg)
{
  (void) arg;
  if (pthread_mutex_trylock (&m) == 0)   /* [misuse:use-after-destroy] after main's destroy */
    {
      x = 1;
      pthread_mutex_unlock (&m);
    }
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_detach (t);
  pthread_mutex_lock (&m);
  assert (x == 0);              /* [assertion] if the worker took m first */
  pthread_mutex_destroy (&m);   /* [misuse:destroy-held-mutex] */
  return 0;
}
