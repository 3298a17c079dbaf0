/* A waiter that nobody signals: it tests its condition with `if`, so a
 * spurious wake-up lets it go on, but without one it waits for ever and
 * main's join with it hangs.  The hang is what happens in practice: every
 * mode must find it, not only the executions where a spurious wake-up
 * came. */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready;

static void *
idle (void *arg)
{
  return arg;
}

static void *
waiter (void *arg)
{
  pthread_mutex_lock (&m);
  if (!ready)
    pthread_cond_wait (&c, &m);
  pthread_mutex_unlock (&m);
  return arg;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, idle, NULL);
  pthread_create (&b, NULL, waiter, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);   /* [deadlock] */
  return 0;
}
