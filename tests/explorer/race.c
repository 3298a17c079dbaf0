/* An unprotected counter: a data race. */
#include <pthread.h>

static int counter;

static void *
add (void *arg)
{
  (void) arg;
  counter++;                  /* [data-race] */
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
  return counter == 2 ? 0 : 0;
}
