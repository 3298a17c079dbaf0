/* A lost update on cnt fails main's assertion; the waiter also re-checks
 * a and b around a condition wait (a wait loop, as meant), and both
 * threads do some locked work after the bug.  The diagnosis must blame
 * the R-W-W on cnt: it blamed the wait loop's two reads, because a
 * search of the serialised continuations that stopped at its run limit
 * counted as "none of them fails". */
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER, n = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int a, b;
static int cnt;
static int noise;

static void
churn (void)
{
  for (int i = 0; i < 5; i++)
    {
      pthread_mutex_lock (&n);
      noise++;
      pthread_mutex_unlock (&n);
    }
}

static void *
waiter (void *arg)
{
  pthread_mutex_lock (&m);
  while (!a || !b)
    pthread_cond_wait (&cv, &m);
  pthread_mutex_unlock (&m);
  cnt++;                                  /* [atomicity-violation] */
  churn ();
  return arg;
}

static void *
setter (void *arg)
{
  pthread_mutex_lock (&m);
  a = 1;
  b = 1;
  pthread_cond_signal (&cv);
  pthread_mutex_unlock (&m);
  cnt++;                                  /* [atomicity-violation] */
  churn ();
  return arg;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, waiter, NULL);
  pthread_create (&t2, NULL, setter, NULL);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  assert (cnt == 2);
  return 0;
}
