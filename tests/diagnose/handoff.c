/* A condition-variable handoff that publishes its result too late: the
 * worker clears `pending` and signals, and only then writes `result`, so
 * main, woken, can read `result` first.  Main checks the result only when
 * it had to wait (it trusts the handoff then): the failure needs main's
 * read of `pending` in its wait loop before the worker's write, and
 * main's read of `result` before the worker's.  The one-lock repair's
 * region in main would run from the wait loop to that read, holding its
 * new mutex across pthread_cond_wait while the worker needs it to clear
 * `pending` and signal: every run in which main waits would deadlock.
 * Diagnosis must not propose it, and must say why. */
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int pending = 1;
static int result;

static void *
worker (void *arg)
{
  pthread_mutex_lock (&m);
  pending = 0;
  pthread_cond_signal (&c);
  pthread_mutex_unlock (&m);
  result = 42;
  return arg;
}

int
main (void)
{
  pthread_t t;
  int waited = 0;
  pthread_create (&t, NULL, worker, NULL);
  pthread_mutex_lock (&m);
  while (pending)
    {
      waited = 1;
      pthread_cond_wait (&c, &m);
    }
  pthread_mutex_unlock (&m);
  int v = result;
  assert (!waited || v == 42);
  pthread_join (t, NULL);
  return 0;
}
