/* A timed wait that times out has waited until its deadline: a read of
 * the clock after it must see the deadline passed.  main takes a deadline
 * a day after its read of the clock and waits until then for what a
 * second thread does (by the argument): r, a pthread_cond_timedwait on a
 * CLOCK_REALTIME condition; m, on a condition whose clock is
 * CLOCK_MONOTONIC (libuv's); k, a pthread_cond_clockwait on
 * CLOCK_MONOTONIC; s, a sem_timedwait; c, a sem_clockwait on
 * CLOCK_MONOTONIC (a kernel's wait until that deadline would last hours);
 * l, a pthread_mutex_timedlock of a mutex the other thread holds; w, a
 * pthread_rwlock_timedwrlock of an rwlock it read-locks.  Every ending is
 * allowed: the wait may succeed or time out (the other thread may be
 * slow), but when it timed out the clock is at its deadline or later.
 * With a second argument n, main asserts that its wait did not time out:
 * a bug the explorer must find. */
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <time.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t held = PTHREAD_MUTEX_INITIALIZER;
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static pthread_cond_t cond;
static sem_t sem;
static int flag;
static char how;

static void *
other (void *arg)
{
  (void) arg;
  if (how == 's' || how == 'c')
    {
      sem_post (&sem);
      return NULL;
    }
  if (how == 'l' || how == 'w')
    {
      if (how == 'l')
        pthread_mutex_lock (&held);
      else
        pthread_rwlock_rdlock (&rw);
      flag = 1;
      if (how == 'l')
        pthread_mutex_unlock (&held);
      else
        pthread_rwlock_unlock (&rw);
      return NULL;
    }
  pthread_mutex_lock (&lock);
  flag = 1;
  pthread_cond_signal (&cond);
  pthread_mutex_unlock (&lock);
  return NULL;
}

static long long
ns_of (const struct timespec *ts)
{
  return (long long) ts->tv_sec * 1000000000 + ts->tv_nsec;
}

int
main (int argc, char **argv)
{
  how = argc > 1 ? argv[1][0] : 'r';
  clockid_t clock = how == 'm' || how == 'k' || how == 'c' ? CLOCK_MONOTONIC : CLOCK_REALTIME;
  pthread_condattr_t attr;
  pthread_condattr_init (&attr);
  pthread_condattr_setclock (&attr, clock);
  pthread_cond_init (&cond, how == 'm' ? &attr : NULL);
  sem_init (&sem, 0, 0);
  pthread_t t;
  pthread_create (&t, NULL, other, NULL);
  struct timespec deadline;
  clock_gettime (clock, &deadline);
  deadline.tv_sec += 24 * 3600;
  int r = 0;
  if (how == 's')
    r = sem_timedwait (&sem, &deadline) == 0 ? 0 : errno;
  else if (how == 'c')
    r = sem_clockwait (&sem, clock, &deadline) == 0 ? 0 : errno;
  else if (how == 'l')
    {
      r = pthread_mutex_timedlock (&held, &deadline);
      if (r == 0)
        pthread_mutex_unlock (&held);
    }
  else if (how == 'w')
    {
      r = pthread_rwlock_timedwrlock (&rw, &deadline);
      if (r == 0)
        pthread_rwlock_unlock (&rw);
    }
  else
    {
      pthread_mutex_lock (&lock);
      while (!flag && r == 0)
        r = how == 'k' ? pthread_cond_clockwait (&cond, &lock, clock, &deadline)
                       : pthread_cond_timedwait (&cond, &lock, &deadline);
      pthread_mutex_unlock (&lock);
    }
  struct timespec now;
  clock_gettime (clock, &now);
  if (r == ETIMEDOUT)
    assert (ns_of (&now) >= ns_of (&deadline));
  if (argc > 2)
    assert (r != ETIMEDOUT);
  pthread_join (t, NULL);
  return 0;
}
