/* main waits for its worker in a spin loop while it holds a mutex (as a
 * thread pool that keeps its execution lock while its workers run): the
 * loop must be recognised as waiting (Await) although a lock is held, or
 * each iteration count is an interleaving of its own and the search never
 * reaches the data race on `counter`. */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stddef.h>

static atomic_int go, done;
static int counter;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *
worker (void *arg)
{
  (void) arg;
  if (!atomic_load (&go))
    counter++;                      /* [data-race] with main's */
  atomic_store (&done, 1);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_mutex_lock (&m);
  pthread_create (&t, NULL, worker, NULL);
  atomic_store (&go, 1);
  counter++;
  while (!atomic_load (&done))
    sched_yield ();
  pthread_mutex_unlock (&m);
  pthread_join (t, NULL);
  return 0;
}
