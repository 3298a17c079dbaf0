/* The worker blocks SIGUSR1 around the first write of its two-step update
 * only: a signal sent then is handled when the worker unblocks it, with
 * the update half done.  augur must find the failed assertion (a blocked
 * signal is delivered when unblocked, not dropped nor run at once). */
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
  sigset_t usr1;
  sigemptyset (&usr1);
  sigaddset (&usr1, SIGUSR1);
  pthread_sigmask (SIG_BLOCK, &usr1, NULL);
  low = 1;
  pthread_sigmask (SIG_UNBLOCK, &usr1, NULL);
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
