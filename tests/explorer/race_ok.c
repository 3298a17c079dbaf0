/* Bug-free variant of race.c: the counter is protected by a mutex. */
#include <pthread.h>

static int counter;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *
add (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  counter++;
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, add, NULL);
  pthread_create (&b, NULL, add, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
