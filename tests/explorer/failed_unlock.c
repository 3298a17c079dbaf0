/* main unlocks an error-checking mutex it does not hold: the call fails
 * (EPERM) and changes nothing.  It used to count as a release: main's
 * unprotected write of x after it was then ordered before the worker's
 * locked one, the race on x was missed and the search said complete; and
 * a worker holding m lost it in the model, so main's next critical
 * section could overlap the worker's (a false race on y). */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t m;
static int x, y;

static void *
worker (void *arg)
{
  pthread_mutex_lock (&m);
  y++;
  x++;
  pthread_mutex_unlock (&m);
  return arg;
}

int
main (void)
{
  pthread_mutexattr_t a;
  pthread_t t;
  pthread_mutexattr_init (&a);
  pthread_mutexattr_settype (&a, PTHREAD_MUTEX_ERRORCHECK);
  pthread_mutex_init (&m, &a);
  pthread_create (&t, NULL, worker, NULL);
  pthread_mutex_lock (&m);
  y++;
  pthread_mutex_unlock (&m);
  x++;
  if (pthread_mutex_unlock (&m) != EPERM)
    abort ();
  pthread_mutex_lock (&m);
  y++;
  pthread_mutex_unlock (&m);
  pthread_join (t, NULL);
  pthread_mutex_destroy (&m);
  return 0;
}
