/* A function with a local mutex set up by PTHREAD_MUTEX_INITIALIZER, used
 * and never destroyed (glibc's mutexes hold nothing), called twice from
 * one call site, so that both calls have it in the same stack slot: the
 * second call sets its own up with pthread_mutex_init as well.  The same
 * with a read-write lock, and in a second thread.  The first call's lock
 * ended when its call returned: the second call's init is of a new
 * object, not of one in use.  No finding. */
#include <pthread.h>

/* each thread counts its own calls */
static __thread int n;

static void __attribute__ ((noinline))
count (int call)
{
  pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
  if (call == 1)
    pthread_mutex_init (&m, NULL);
  pthread_mutex_lock (&m);
  n++;
  pthread_mutex_unlock (&m);
  if (call == 1)
    pthread_mutex_destroy (&m);
}

static void __attribute__ ((noinline))
read_it (int call)
{
  pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
  if (call == 1)
    pthread_rwlock_init (&rw, NULL);
  pthread_rwlock_rdlock (&rw);
  n++;
  pthread_rwlock_unlock (&rw);
  if (call == 1)
    pthread_rwlock_destroy (&rw);
}

static void *
worker (void *arg)
{
  for (int call = 0; call < 2; call++)
    count (call);
  return n == 2 ? arg : NULL;
}

int
main (void)
{
  pthread_t t;
  void *ok;
  pthread_create (&t, NULL, worker, &n);
  for (int call = 0; call < 2; call++)
    count (call);
  for (int call = 0; call < 2; call++)
    read_it (call);
  pthread_join (t, &ok);
  return n == 4 && ok != NULL ? 0 : 1;
}
