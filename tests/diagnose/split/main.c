/* A lost update in a function of another file (split/count.c), which
 * includes no pthread header: the repairs must bring their own include,
 * and are verified on the program rebuilt from both files. */
#include <assert.h>
#include <pthread.h>

void count (void);
extern int counted;

static void *
worker (void *arg)
{
  count ();
  return arg;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, worker, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (counted == 2);
  return 0;
}
