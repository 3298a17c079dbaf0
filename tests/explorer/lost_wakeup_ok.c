/* Bug-free variant of lost_wakeup.c: the wait checks a predicate. */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready;

static void *
waiter (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  while (!ready)
    pthread_cond_wait (&c, &m);
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, waiter, NULL);
  pthread_mutex_lock (&m);
  ready = 1;
  pthread_cond_signal (&c);
  pthread_mutex_unlock (&m);
  pthread_join (t, NULL);
  return 0;
}
