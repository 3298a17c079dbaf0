/* The spinner reads `shared` under the lock.  If it read 0 (it went
 * first), it spins for ever on its local copy: a loop that makes no
 * visible access, which only the watchdog ends.  If the setter went first,
 * the spinner fails its assertion.  Both orders must be explored: a run
 * the watchdog killed used to end the search there, the assertion never
 * tried (SV-COMP's dekker and peterson ran 5 to 13 executions). */
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int shared;

static void *
spinner (void *arg)
{
  volatile int seen;
  pthread_mutex_lock (&m);
  seen = shared;
  pthread_mutex_unlock (&m);
  while (seen == 0)
    ;
  assert (seen == 0);
  return arg;
}

static void *
setter (void *arg)
{
  pthread_mutex_lock (&m);
  shared = 1;
  pthread_mutex_unlock (&m);
  return arg;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, spinner, NULL);
  pthread_create (&b, NULL, setter, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
