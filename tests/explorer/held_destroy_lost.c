/* A detached worker locks m; main locks m first, checks the worker has not
 * run, and destroys m while holding it (a misuse) before it returns.  The
 * worker's lock can go before main's: two Mazurkiewicz traces, the
 * assertion fails in one.  The destroy is the last step dependent with the
 * worker's waiting lock, but the lock cannot go right before it (main holds
 * m there): the search must move it before main's lock instead. */
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x;

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  x = 1;
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_detach (t);
  pthread_mutex_lock (&m);
  assert (x == 0);              /* [assertion] if the worker locked first */
  pthread_mutex_destroy (&m);   /* [misuse:destroy-held-mutex] */
  return 0;
}
