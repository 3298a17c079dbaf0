/* A deadlock only a spurious wake-up leads to (the shape of klib's
 * kt_forpool_destroy at 73d926f): main waits until the worker sleeps on
 * the condition, then sets the flag and broadcasts without the mutex.
 * The worker is asleep when main broadcasts, unless it woke without a
 * signal, re-checked the flag just before main set it, and went back to
 * sleep after the broadcast: then it sleeps for ever.  The deadlock's
 * explanation must say that it needs the spurious wake-up. */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t go = PTHREAD_COND_INITIALIZER, asleep = PTHREAD_COND_INITIALIZER;
static int action, waiting;

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  waiting = 1;
  pthread_cond_signal (&asleep);
  while (__atomic_load_n (&action, __ATOMIC_SEQ_CST) == 0)
    pthread_cond_wait (&go, &m);     /* [deadlock] */
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_mutex_lock (&m);
  while (!waiting)
    pthread_cond_wait (&asleep, &m);
  pthread_mutex_unlock (&m);
  __atomic_store_n (&action, 1, __ATOMIC_SEQ_CST);
  pthread_cond_broadcast (&go);      /* without the mutex */
  pthread_join (t, NULL);            /* [deadlock] */
  return 0;
}
