/* Two threads wait on two condition variables that share one mutex; main
 * signals both.  Either one may take the mutex back first, and main's
 * assertion fails when the second one's wake-up comes first.  Both DPOR
 * modes must find that: classic DPOR took two wake-ups from different
 * conditions for independent (they touch different conditions) and said
 * "complete" without it. */
#include <assert.h>
#include <pthread.h>
#include <sched.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c1 = PTHREAD_COND_INITIALIZER, c2 = PTHREAD_COND_INITIALIZER;
static int go, waiting, waited;
static char order[2];
static int n;

static void *
waiter (void *arg)
{
  pthread_cond_t *c = arg == (void *) 1 ? &c1 : &c2;
  pthread_mutex_lock (&m);
  waiting++;
  while (!go)
    {
      pthread_cond_wait (c, &m);
      waited++;
    }
  order[n++] = arg == (void *) 1 ? 'A' : 'B';
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, waiter, (void *) 1);
  pthread_create (&b, NULL, waiter, (void *) 2);
  pthread_mutex_lock (&m);
  while (waiting < 2)
    {
      pthread_mutex_unlock (&m);
      sched_yield ();
      pthread_mutex_lock (&m);
    }
  go = 1;
  pthread_cond_signal (&c1);
  pthread_cond_signal (&c2);
  pthread_mutex_unlock (&m);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (!(waited == 2 && order[0] == 'B'));
  return 0;
}
