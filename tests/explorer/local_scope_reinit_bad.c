/* Inits of local locks that are still alive: a mutex set up by
 * PTHREAD_MUTEX_INITIALIZER, used, then initialised again in the same
 * call; a read-write lock initialised again while the function that holds
 * it still runs, in a callee given its address.  Both are inits of a lock
 * in use, whatever stack slots the callees reuse.  And a mutex left locked
 * when its call returns: the init of the next call's mutex in its stack
 * slot is reported (the lock never released is the bug to see). */
#include <pthread.h>

static int n;

static void __attribute__ ((noinline))
reinit (pthread_rwlock_t *rw)
{
  pthread_rwlock_init (rw, NULL);    /* [misuse:init-in-use] */
}

static void __attribute__ ((noinline))
twice (void)
{
  pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
  pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
  pthread_mutex_lock (&m);
  n++;
  pthread_mutex_unlock (&m);
  pthread_mutex_init (&m, NULL);     /* [misuse:init-in-use] */
  pthread_mutex_destroy (&m);
  pthread_rwlock_rdlock (&rw);
  pthread_rwlock_unlock (&rw);
  reinit (&rw);
  pthread_rwlock_destroy (&rw);
}

static void __attribute__ ((noinline))
slot (int call)
{
  pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
  if (call == 0)
    {
      pthread_mutex_lock (&m);       /* and returns with it locked */
      n++;
      return;
    }
  pthread_mutex_init (&m, NULL);     /* [misuse:init-in-use] */
  pthread_mutex_lock (&m);
  n++;
  pthread_mutex_unlock (&m);
  pthread_mutex_destroy (&m);
}

int
main (void)
{
  twice ();
  for (int call = 0; call < 2; call++)
    slot (call);
  return n == 3 ? 0 : 1;
}
