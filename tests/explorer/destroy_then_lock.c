/* A thread destroys the mutex main still uses.  Where the destroy comes
 * first, main's lock fails (EINVAL): that is the use after destroy, and
 * main's unlock after it follows from it.  It was reported as a double
 * unlock of its own, "it was never locked" (SCTBench's ctrace-test: five
 * of them). */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int n;

static void *
killer (void *arg)
{
  pthread_mutex_destroy (&m);
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, killer, NULL);
  pthread_mutex_lock (&m);
  n++;
  pthread_mutex_unlock (&m);
  pthread_join (t, NULL);
  return n == 1 ? 0 : 1;
}
