/* main destroys the mutex before it joins the workers, which still lock
 * it, count under it and meet under it (the first to arrive waits on a
 * condition with it for the second).  One bug: the use after destroy.
 * What follows from it (the calls that fail on the destroyed mutex, a
 * wait refused, an unlock after it, the count no longer protected) is
 * its consequence, not a double unlock, a wait without the mutex or a
 * data race of its own.  The race on `unguarded`, before any lock, is one
 * of its own. */
#include <pthread.h>

static pthread_mutex_t m;
static pthread_cond_t met = PTHREAD_COND_INITIALIZER;
static int count, arrived, unguarded;

static void *
worker (void *arg)
{
  (void) arg;
  unguarded++;   /* [data-race] a race of its own, before any lock */
  pthread_mutex_lock (&m);
  count++;
  pthread_mutex_unlock (&m);
  pthread_mutex_lock (&m);
  arrived++;
  if (arrived < 2)
    pthread_cond_wait (&met, &m);
  else
    pthread_cond_broadcast (&met);
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t t[2];
  pthread_mutex_init (&m, NULL);
  for (int k = 0; k < 2; k++)
    pthread_create (&t[k], NULL, worker, NULL);
  pthread_mutex_destroy (&m);   /* [misuse:use-after-destroy] before the joins */
  for (int k = 0; k < 2; k++)
    pthread_join (t[k], NULL);
  return 0;
}
