/* Two threads wait on one condition variable for different flags: the
 * first (early) for `go`, the second (late) for `done`, which the first
 * sets and signals once it woke.  main sets `go` and signals once, when
 * both wait.  POSIX lets that signal wake either waiter: if it wakes the
 * late one, that one finds `done` unset and waits again, nobody wakes
 * the early one, and the program hangs.  (zstd's thread pool: POOL_add
 * with the queue full and POOL_joinJobs both wait on queuePushCond.) */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int waiting, go, done;

static void *
early (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  waiting = 1;
  while (!go)
    pthread_cond_wait (&c, &m);     /* [deadlock] */
  done = 1;
  pthread_cond_signal (&c);
  pthread_mutex_unlock (&m);
  return NULL;
}

static void *
late (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  /* waits only once the early thread does */
  while (waiting < 1)
    {
      pthread_mutex_unlock (&m);
      pthread_mutex_lock (&m);
    }
  waiting = 2;
  while (!done)
    pthread_cond_wait (&c, &m);
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, early, NULL);
  pthread_create (&b, NULL, late, NULL);
  pthread_mutex_lock (&m);
  while (waiting < 2)
    {
      pthread_mutex_unlock (&m);
      pthread_mutex_lock (&m);
    }
  go = 1;
  pthread_cond_signal (&c);         /* one signal, two waiters */
  pthread_mutex_unlock (&m);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
