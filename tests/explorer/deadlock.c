/* Lock-order inversion: one thread takes a then b, the other b then a. */
#include <pthread.h>

static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;

static void *
ab (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&a);
  pthread_mutex_lock (&b);     /* [deadlock] */
  pthread_mutex_unlock (&b);
  pthread_mutex_unlock (&a);
  return NULL;
}

static void *
ba (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&b);
  pthread_mutex_lock (&a);     /* [deadlock] */
  pthread_mutex_unlock (&a);
  pthread_mutex_unlock (&b);
  return NULL;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, ab, NULL);
  pthread_create (&t2, NULL, ba, NULL);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  return 0;
}
