/* A set-up function that initialises the barrier, called twice: the
 * second init finds the barrier initialised and not destroyed, which POSIX
 * leaves undefined (glibc resets it, losing any thread waiting on it). */
#include <pthread.h>

static pthread_barrier_t phase;

static void
setup (void)
{
  pthread_barrier_init (&phase, NULL, 2);     /* [misuse:init-in-use] (second call) */
}

static void *
peer (void *arg)
{
  pthread_barrier_wait (&phase);
  return arg;
}

int
main (void)
{
  pthread_t t;
  setup ();
  setup ();
  pthread_create (&t, NULL, peer, NULL);
  pthread_barrier_wait (&phase);
  pthread_join (t, NULL);
  pthread_barrier_destroy (&phase);
  return 0;
}
