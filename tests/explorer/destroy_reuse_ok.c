/* A function with a local mutex, condition variable and read-write lock,
 * statically initialised, that a worker thread uses with it and that it
 * destroys before it returns, called twice: the second call's objects
 * are new objects in the stack slots of the destroyed ones, initialised
 * again by their initialisers.  No use after destroy, no double destroy:
 * no finding.  (glibc leaves a destroyed mutex's kind at -1 and a
 * destroyed condition variable's __wrefs with its wake-request bit; a
 * read-write lock ends all zeros, as PTHREAD_RWLOCK_INITIALIZER, after a
 * read lock, and only augur's mark on its destroy tells the two apart:
 * runtime/rt-sched-destroy.c.) */
#include <pthread.h>

struct job {
  pthread_mutex_t *m;
  pthread_cond_t *c;
  pthread_rwlock_t *rw;
  int done;
};

static int total;

static void *
worker (void *arg)
{
  struct job *j = arg;
  pthread_rwlock_rdlock (j->rw);
  pthread_rwlock_unlock (j->rw);
  pthread_mutex_lock (j->m);
  j->done = 1;
  total++;
  pthread_cond_signal (j->c);
  pthread_mutex_unlock (j->m);
  return NULL;
}

static void __attribute__ ((noinline))
run_job (void)
{
  pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
  pthread_cond_t c = PTHREAD_COND_INITIALIZER;
  pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
  struct job j = { &m, &c, &rw, 0 };
  pthread_t t;
  pthread_create (&t, NULL, worker, &j);
  pthread_rwlock_wrlock (&rw);
  pthread_rwlock_unlock (&rw);
  pthread_mutex_lock (&m);
  while (!j.done)
    pthread_cond_wait (&c, &m);
  pthread_mutex_unlock (&m);
  pthread_join (t, NULL);
  pthread_cond_destroy (&c);
  pthread_mutex_destroy (&m);
  pthread_rwlock_destroy (&rw);
}

int
main (void)
{
  run_job ();
  run_job ();
  return total == 2 ? 0 : 1;
}
