/* The worker blocks SIGUSR1 around its two-step update, so the handler
 * never sees it half done: a signal sent meanwhile stays pending and its
 * handler runs when the worker unblocks it, before pthread_sigmask
 * returns.  Correct: the exploration must end complete with no finding
 * (a handler run while the signal was blocked failed the assertion). */
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
  /* one set for both arguments: what to block in, the mask before out */
  sigset_t set;
  sigemptyset (&set);
  sigaddset (&set, SIGUSR1);
  pthread_sigmask (SIG_BLOCK, &set, &set);
  low = 1;
  high = 1;
  pthread_sigmask (SIG_SETMASK, &set, NULL);
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
