/* Bug-free variant of deadlock.c: both threads take a then b. */
#include <pthread.h>

static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;

static void *
ab (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&a);
  pthread_mutex_lock (&b);
  pthread_mutex_unlock (&b);
  pthread_mutex_unlock (&a);
  return NULL;
}

static void *
ba (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&a);
  pthread_mutex_lock (&b);
  pthread_mutex_unlock (&b);
  pthread_mutex_unlock (&a);
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
