/* The same function twice, with statically initialised local objects in
 * the same stack slots; the second call uses each object again after its
 * destroy, with no initialisation in between: three uses after destroy,
 * all in the second call, and nothing in its first lines (its objects are
 * new there).  The read-write lock's use is one glibc cannot tell from a
 * new lock: destroyed after a read lock, its bytes are all zeros, as
 * PTHREAD_RWLOCK_INITIALIZER's; what decides is that nothing wrote them
 * since the destroy. */
#include <pthread.h>

static int n;

static void __attribute__ ((noinline))
life (int again)
{
  pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
  pthread_cond_t c = PTHREAD_COND_INITIALIZER;
  pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
  pthread_mutex_lock (&m);
  n++;
  pthread_cond_signal (&c);
  pthread_mutex_unlock (&m);
  pthread_rwlock_rdlock (&rw);
  pthread_rwlock_unlock (&rw);
  pthread_mutex_destroy (&m);
  pthread_cond_destroy (&c);
  pthread_rwlock_destroy (&rw);
  if (!again)
    return;
  pthread_mutex_lock (&m);      /* [misuse:use-after-destroy] */
  pthread_mutex_unlock (&m);
  pthread_cond_signal (&c);     /* [misuse:use-after-destroy] */
  pthread_rwlock_rdlock (&rw);  /* [misuse:use-after-destroy] */
  pthread_rwlock_unlock (&rw);
}

int
main (void)
{
  life (0);
  life (1);
  return n == 2 ? 0 : 1;
}
