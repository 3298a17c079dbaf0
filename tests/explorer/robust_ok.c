/* A robust mutex whose owner exits holding it: the next lock takes it
 * and returns EOWNERDEAD, the new owner makes it consistent and goes on
 * (glibc's semantics).  The owner's lock comes before or after main's:
 * both orders run, and the owner's write of `value` is ordered before
 * main's read by its death (no data race).  Then a trylock and a timed
 * lock take it from dead owners too; consistent on a consistent mutex
 * is EINVAL.  No finding. */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <time.h>

static pthread_mutex_t m;
static int value;   /* guarded by m */

static void *
owner (void *arg)
{
  pthread_mutex_lock (&m);
  value = (int) (long) arg;
  return NULL;   /* exits holding m */
}

/* m taken from a dead owner (@rc EOWNERDEAD) that wrote @v: recovered */
static void
recover (int rc, int v)
{
  assert (rc == EOWNERDEAD);
  assert (value == v);
  assert (pthread_mutex_consistent (&m) == 0);
  assert (pthread_mutex_unlock (&m) == 0);
}

int
main (void)
{
  pthread_mutexattr_t a;
  pthread_mutexattr_init (&a);
  pthread_mutexattr_setrobust (&a, PTHREAD_MUTEX_ROBUST);
  pthread_mutex_init (&m, &a);
  pthread_mutexattr_destroy (&a);

  pthread_t t;
  pthread_create (&t, NULL, owner, (void *) 1L);
  int rc = pthread_mutex_lock (&m);   /* before or after the owner's death */
  int first = rc == 0;
  if (first)
    {
      assert (pthread_mutex_consistent (&m) == EINVAL);
      assert (value == 0);
      assert (pthread_mutex_unlock (&m) == 0);
    }
  else
    recover (rc, 1);
  pthread_join (t, NULL);
  /* the owner died after main's lock: it held m last */
  rc = pthread_mutex_trylock (&m);
  if (first)
    recover (rc, 1);
  else
    assert (rc == 0 && pthread_mutex_unlock (&m) == 0);

  pthread_create (&t, NULL, owner, (void *) 2L);
  pthread_join (t, NULL);
  struct timespec until;
  clock_gettime (CLOCK_REALTIME, &until);
  until.tv_sec += 10;
  recover (pthread_mutex_timedlock (&m, &until), 2);
  assert (pthread_mutex_destroy (&m) == 0);
  return 0;
}
