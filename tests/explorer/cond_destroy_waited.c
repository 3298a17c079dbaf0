/* main destroys a condition variable while its worker waits on it: the
 * misuse is a destroy of a waited-on condition variable, naming the
 * waiter and its wait (it was called the destroy of a held mutex). */
#include <pthread.h>
#include <sched.h>
#include <stddef.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int waiting;

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  waiting = 1;
  pthread_cond_wait (&c, &m);
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  for (;;)
    {
      pthread_mutex_lock (&m);
      int w = waiting;
      pthread_mutex_unlock (&m);
      if (w)
        break;
      sched_yield ();
    }
  pthread_cond_destroy (&c);   /* [misuse] */
  return 0;
}
