/* A robust mutex whose owner exits holding it, unlocked by the next
 * owner without pthread_mutex_consistent: it is not recoverable, every
 * later lock returns ENOTRECOVERABLE without taking it, and the assertion
 * that expects the last one (a trylock) to succeed fails.  (glibc 2.36's
 * trylock leaves such a mutex locked by its caller: nothing after it
 * locks it here.) */
#include <assert.h>
#include <errno.h>
#include <pthread.h>

static pthread_mutex_t m;

static void *
owner (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  return NULL;   /* exits holding m */
}

int
main (void)
{
  pthread_mutexattr_t a;
  pthread_mutexattr_init (&a);
  pthread_mutexattr_setrobust (&a, PTHREAD_MUTEX_ROBUST);
  pthread_mutex_init (&m, &a);
  pthread_mutexattr_destroy (&a);
  pthread_t t;
  pthread_create (&t, NULL, owner, NULL);
  pthread_join (t, NULL);
  assert (pthread_mutex_lock (&m) == EOWNERDEAD);
  assert (pthread_mutex_unlock (&m) == 0);   /* not made consistent */
  assert (pthread_mutex_lock (&m) == ENOTRECOVERABLE);
  assert (pthread_mutex_consistent (&m) == EINVAL);
  int rc = pthread_mutex_trylock (&m);
  assert (rc == 0);
  return 0;
}
