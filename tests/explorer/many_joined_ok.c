/* main creates and joins 600 threads one after the other, each adding
 * one to a counter: correct.  On fibers each thread's start block is its
 * fiber's own: the runtime once gave it back as if it had mapped it, and
 * the 458th thread crashed.  Complete, no finding. */
#include <pthread.h>

#define N 600

static long counter;

static void *
work (void *arg)
{
  counter++;
  return arg;
}

int
main (void)
{
  for (int i = 0; i < N; i++)
    {
      pthread_t t;
      if (pthread_create (&t, NULL, work, NULL) != 0)
        return 1;
      pthread_join (t, NULL);
    }
  return counter == N ? 0 : 1;
}
