/* A pool of two workers shares a start barrier; the last one to leave a
 * job destroys it, but a worker that is slow to start still waits on it
 * afterwards.  Only the schedules where the destroy comes first show the
 * use after destroy: the finding names the destroy and the wait. */
#include <pthread.h>
#include <stdatomic.h>

static pthread_barrier_t start;
static atomic_int done;

static void *
fast (void *arg)
{
  pthread_barrier_wait (&start);              /* a count of 1: passes */
  pthread_barrier_destroy (&start);
  atomic_store (&done, 1);
  return arg;
}

static void *
slow (void *arg)
{
  if (atomic_load (&done))
    pthread_barrier_wait (&start);            /* [misuse:use-after-destroy] */
  return arg;
}

int
main (void)
{
  pthread_t a, b;
  pthread_barrier_init (&start, NULL, 1);
  pthread_create (&a, NULL, fast, NULL);
  pthread_create (&b, NULL, slow, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
