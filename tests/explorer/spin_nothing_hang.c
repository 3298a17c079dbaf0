/* main polls `ready` under a mutex, and nobody ever sets it: a hang.  The
 * compiler keeps the read out of the loop, which then only locks and
 * unlocks: the hang must say the loop reads nothing another thread could
 * change (it said "for the time to change"). */
#include <pthread.h>

static int ready, other;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *
worker (void *arg)
{
  pthread_mutex_lock (&m);
  other = 1;
  pthread_mutex_unlock (&m);
  return arg;
}

int
main (void)
{
  pthread_t a;
  pthread_create (&a, NULL, worker, NULL);
  for (;;)
    {
      pthread_mutex_lock (&m);
      int r = ready;
      pthread_mutex_unlock (&m);
      if (r)
        break;
    }
  pthread_join (a, NULL);
  return other;
}
