/* A worker pool's shutdown runs twice: the worker tears down the shared
 * objects when it is done, and main, not knowing, tears them down again
 * after the join.  Every object is destroyed twice, which POSIX leaves
 * undefined: a mutex, a read-write lock, a condition variable, a barrier,
 * a spinlock and a semaphore, each a finding of its own that names both
 * destroys. */
#include <pthread.h>
#include <semaphore.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_rwlock_t rw;
static pthread_cond_t c;
static pthread_barrier_t b;
static pthread_spinlock_t s;
static sem_t sem;

static void *
worker (void *arg)
{
  pthread_mutex_lock (&m);
  pthread_mutex_unlock (&m);
  pthread_mutex_destroy (&m);
  pthread_rwlock_destroy (&rw);
  pthread_cond_destroy (&c);
  pthread_barrier_destroy (&b);
  pthread_spin_destroy (&s);
  sem_destroy (&sem);
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_rwlock_init (&rw, NULL);
  pthread_cond_init (&c, NULL);
  pthread_barrier_init (&b, NULL, 1);
  pthread_spin_init (&s, PTHREAD_PROCESS_PRIVATE);
  sem_init (&sem, 0, 1);
  pthread_create (&t, NULL, worker, NULL);
  pthread_join (t, NULL);
  pthread_mutex_destroy (&m);     /* [misuse:double-destroy] */
  pthread_rwlock_destroy (&rw);   /* [misuse:double-destroy] */
  pthread_cond_destroy (&c);      /* [misuse:double-destroy] */
  pthread_barrier_destroy (&b);   /* [misuse:double-destroy] */
  pthread_spin_destroy (&s);      /* [misuse:double-destroy] */
  sem_destroy (&sem);             /* [misuse:double-destroy] */
  return 0;
}
