/* A timed wait may time out concurrently with the signal meant for it:
 * POSIX lets pthread_cond_timedwait return ETIMEDOUT although a signal
 * came while it waited, and glibc then wakes another waiter with that
 * signal.  Thread 1 waits with a timeout until main sets `flag`, thread 2
 * without one; main sets the flag and signals once, under the mutex,
 * once both wait; a waiter the signal woke passes it on.  Thread 2
 * asserts that thread 1 did not time out after the flag was set: it
 * fails when thread 1's timeout comes between main's store and its
 * signal, and the signal wakes thread 2 instead.  augur's model let a
 * waiter that could take a pending signal always take it: this ending
 * was never explored, and the search said "complete, 0 findings". */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <time.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int flag, waiting, late;

static void *
timed (void *arg)
{
  struct timespec ts;
  clock_gettime (CLOCK_REALTIME, &ts);
  ts.tv_sec += 1;
  pthread_mutex_lock (&m);
  waiting++;
  int r = 0;
  while (!flag && r == 0)
    r = pthread_cond_timedwait (&c, &m, &ts);
  if (r == ETIMEDOUT && flag)
    late = 1;
  if (r == 0)
    pthread_cond_signal (&c);   /* pass the wake-up on */
  pthread_mutex_unlock (&m);
  return arg;
}

static void *
untimed (void *arg)
{
  pthread_mutex_lock (&m);
  waiting++;
  while (!flag)
    pthread_cond_wait (&c, &m);
  assert (!late);
  pthread_mutex_unlock (&m);
  return arg;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, timed, NULL);
  pthread_create (&t2, NULL, untimed, NULL);
  pthread_mutex_lock (&m);
  while (waiting < 2)
    {
      pthread_mutex_unlock (&m);
      sched_yield ();
      pthread_mutex_lock (&m);
    }
  flag = 1;
  pthread_cond_signal (&c);
  pthread_mutex_unlock (&m);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  return 0;
}
