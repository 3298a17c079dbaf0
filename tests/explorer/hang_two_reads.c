/* main polls a pool until its workers are gone, reading the pool's
 * queue pointer in each round as well (C-Thread-Pool's thpool_destroy
 * posts to jobqueue.has_jobs while num_threads_alive is not 0); the
 * worker never leaves: a hang.  The hang names every location the loop
 * re-reads, not only the first one, which was the queue pointer. */
#include <pthread.h>
#include <sched.h>

struct queue { int posts; };
struct pool { struct queue *queue; int alive; };

struct queue q;
struct pool pool = { &q, 1 };

static void *
worker (void *arg)
{
  return arg;          /* forgets to say it is gone */
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  while (pool.alive)                            /* [hang] */
    {
      struct queue *qp = pool.queue;
      if (qp->posts < 0)
        break;
      sched_yield ();
    }
  pthread_join (t, NULL);
  return 0;
}
