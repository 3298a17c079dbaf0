/* A detached worker waits on c for stop; main locks m, sets stop,
 * broadcasts and destroys c (a misuse) and returns holding m: the
 * worker's wake-up waits for m to the end.  Its race with the destroy
 * would put it where main holds m: no such run is tried.  Three traces:
 * main locks first (the worker waits for m), the worker waits once, or
 * twice (a spurious wake-up). */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int stop;

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  while (!stop)
    pthread_cond_wait (&c, &m);
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_detach (t);
  pthread_mutex_lock (&m);
  stop = 1;
  pthread_cond_broadcast (&c);
  pthread_cond_destroy (&c);    /* [misuse:destroy-waited-cond] */
  return 0;
}
