/* main spins until its worker sets a flag, holding the mutex the worker
 * must take first: a real hang, which augur must report (the loop is
 * judged although a lock is held, and then nothing can run). */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stddef.h>

static atomic_int flag;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  atomic_store (&flag, 1);
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_mutex_lock (&m);
  pthread_create (&t, NULL, worker, NULL);
  while (!atomic_load (&flag))
    sched_yield ();
  pthread_mutex_unlock (&m);
  pthread_join (t, NULL);
  return 0;
}
