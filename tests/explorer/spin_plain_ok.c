/* main waits for a worker in an empty loop on a plain flag (thread pools
 * do it: `while (alive != n) {}`); the worker sets it under a mutex.
 * Under --sync-only the loop's reads are no steps and the loop has no
 * other operation: without a step now and then it never let the worker
 * run, and the watchdog called it a hang.  The program always ends; its
 * only bug is the data race on the flag, which --sync-only does not
 * look for. */
#include <pthread.h>
#include <stdio.h>

static volatile int alive;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *
worker (void *arg)
{
  pthread_mutex_lock (&m);
  alive = 1;                                    /* [data-race] */
  pthread_mutex_unlock (&m);
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  while (alive != 1)                            /* [data-race] */
    {
    }
  pthread_join (t, NULL);
  puts ("started");
  return 0;
}
