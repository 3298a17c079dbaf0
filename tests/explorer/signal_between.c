/* A signal may arrive between any two steps of the thread it is sent
 * to: here the handler sees the worker's two-step update half done only
 * when it arrives between the two writes.  augur must find the failed
 * assertion (the kill is tried before each of the worker's steps). */
#include <assert.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>

static volatile int low, high;
static volatile int consistent = 1;

static void
on_usr1 (int sig)
{
  (void) sig;
  if (low != high)
    consistent = 0;
}

static void *
worker (void *arg)
{
  (void) arg;
  low = 1;
  high = 1;
  return NULL;
}

int
main (void)
{
  struct sigaction sa = { 0 };
  sa.sa_handler = on_usr1;
  sigemptyset (&sa.sa_mask);
  sigaction (SIGUSR1, &sa, NULL);
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_kill (t, SIGUSR1);
  pthread_join (t, NULL);
  assert (consistent);
  return 0;
}
