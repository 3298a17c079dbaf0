/* pause_lost done right: the worker blocks the signal while it tests the
 * flag, and sigsuspend unblocks it and waits in one step, so a signal
 * that came meanwhile is handled inside sigsuspend, which returns.  augur
 * must explore every order and find nothing. */
#include <pthread.h>
#include <signal.h>

static volatile sig_atomic_t got;

static void
on_usr1 (int sig)
{
  (void) sig;
  got = 1;
}

static void *
worker (void *arg)
{
  (void) arg;
  sigset_t usr1, old;
  sigemptyset (&usr1);
  sigaddset (&usr1, SIGUSR1);
  pthread_sigmask (SIG_BLOCK, &usr1, &old);
  while (!got)
    sigsuspend (&old);
  pthread_sigmask (SIG_SETMASK, &old, NULL);
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
  return 0;
}
