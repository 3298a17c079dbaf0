/* Two threads wait for one flag, and the thread that sets it wakes them
 * with pthread_cond_signal, which wakes one: when both are already
 * waiting, the other sleeps for ever (the shape of a queue switched to
 * non-blocking that must release every blocked writer).  The deadlock's
 * explanation must say which signal woke the other waiter, not that no
 * signal came. */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready;

static void *
waiter (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  while (!ready)
    pthread_cond_wait (&c, &m);     /* [deadlock] */
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, waiter, NULL);
  pthread_create (&t2, NULL, waiter, NULL);
  pthread_mutex_lock (&m);
  ready = 1;
  pthread_cond_signal (&c);         /* one waiter: pthread_cond_broadcast wakes both */
  pthread_mutex_unlock (&m);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  return 0;
}
