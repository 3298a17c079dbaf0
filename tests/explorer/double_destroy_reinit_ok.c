/* Every kind of object goes through two lives: init, use, destroy, init
 * again, use, destroy.  A destroy after a new init is no double destroy,
 * and neither is the destroy of a local mutex and condition variable with
 * static initialisers in a function called twice, whose stack slots held
 * the ones destroyed by the first call: no finding. */
#include <pthread.h>
#include <semaphore.h>

static pthread_mutex_t m;
static pthread_rwlock_t rw;
static pthread_cond_t c;
static pthread_barrier_t b;
static pthread_spinlock_t s;
static sem_t sem;
static int n;

static void *
worker (void *arg)
{
  pthread_mutex_lock (&m);
  n++;
  pthread_cond_signal (&c);
  pthread_mutex_unlock (&m);
  return arg;
}

static void
life (void)
{
  pthread_t t;
  pthread_mutex_init (&m, NULL);
  pthread_rwlock_init (&rw, NULL);
  pthread_cond_init (&c, NULL);
  pthread_barrier_init (&b, NULL, 1);
  pthread_spin_init (&s, PTHREAD_PROCESS_PRIVATE);
  sem_init (&sem, 0, 1);
  pthread_create (&t, NULL, worker, NULL);
  pthread_rwlock_rdlock (&rw);
  pthread_rwlock_unlock (&rw);
  pthread_barrier_wait (&b);
  pthread_spin_lock (&s);
  pthread_spin_unlock (&s);
  sem_wait (&sem);
  pthread_join (t, NULL);
  pthread_mutex_destroy (&m);
  pthread_rwlock_destroy (&rw);
  pthread_cond_destroy (&c);
  pthread_barrier_destroy (&b);
  pthread_spin_destroy (&s);
  sem_destroy (&sem);
}

static void __attribute__ ((noinline))
scoped (void)
{
  pthread_mutex_t lm = PTHREAD_MUTEX_INITIALIZER;
  pthread_cond_t lc = PTHREAD_COND_INITIALIZER;
  pthread_cond_destroy (&lc);
  pthread_mutex_destroy (&lm);
}

int
main (void)
{
  life ();
  life ();
  scoped ();
  scoped ();
  return n == 2 ? 0 : 1;
}
