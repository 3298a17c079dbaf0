/* Wrapped unlocks and semaphore waits, as libuv wraps them
 * (uv_mutex_unlock, uv_sem_wait -> uv__sem_wait): main unlocks twice
 * through my_unlock (lines 33 and 34), and both threads wait on a
 * semaphore nobody posts through two wrappers.  Only the callers say
 * which unlock and which wait. */
#include <pthread.h>
#include <semaphore.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static sem_t s;

static __attribute__ ((noinline)) void my_lock (void) { pthread_mutex_lock (&m); }
static __attribute__ ((noinline)) void my_unlock (void) { pthread_mutex_unlock (&m); }
static __attribute__ ((noinline)) void sem_wait_inner (void) { sem_wait (&s); }
static __attribute__ ((noinline)) void my_sem_wait (void) { sem_wait_inner (); }

static void *
worker (void *arg)
{
  my_lock ();
  my_unlock ();
  my_sem_wait ();
  return arg;
}

int
main (void)
{
  pthread_t t;
  sem_init (&s, 0, 0);
  pthread_create (&t, NULL, worker, NULL);
  my_lock ();
  my_unlock ();
  my_unlock ();                 /* the second: a double unlock */
  my_sem_wait ();
  pthread_join (t, NULL);
  return 0;
}
