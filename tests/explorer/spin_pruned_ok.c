/* main polls a counter under a mutex until both workers have bumped it.
 * Its reads are no steps when they are pruned (static facts) or plain
 * (--sync-only): the write that ends a wait is then no step either, and
 * the woken loop must still be ordered after the writer, or each run
 * forced one more iteration before the writer, for ever.  Complete, no
 * finding. */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int ready;

static void *
bump (void *arg)
{
  pthread_mutex_lock (&m);
  ready++;
  pthread_mutex_unlock (&m);
  return arg;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, bump, NULL);
  pthread_create (&b, NULL, bump, NULL);
  pthread_mutex_lock (&m);
  while (ready < 2)
    {
      pthread_mutex_unlock (&m);
      pthread_mutex_lock (&m);
    }
  pthread_mutex_unlock (&m);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
