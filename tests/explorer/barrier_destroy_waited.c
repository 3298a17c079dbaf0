/* main expects two workers at the barrier but only starts one, and
 * destroys the barrier once it saw the worker arrive: the worker is still
 * blocked on it (a count of 2, one arrival), which POSIX leaves undefined
 * (glibc's destroy waits for it for ever). */
#include <pthread.h>
#include <stdatomic.h>

static pthread_barrier_t gate;
static atomic_int arriving;

static void *
worker (void *arg)
{
  atomic_store (&arriving, 1);
  pthread_barrier_wait (&gate);
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_barrier_init (&gate, NULL, 2);
  pthread_create (&t, NULL, worker, NULL);
  if (atomic_load (&arriving))
    pthread_barrier_destroy (&gate);          /* [misuse:destroy-waited-barrier] */
  return 0;
}
