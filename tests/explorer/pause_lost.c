/* The classic lost wake-up of pause(): the worker tests the flag its
 * handler sets, then pauses; a signal that comes between the test and
 * the pause is handled before the pause begins, and the pause waits for
 * ever.  augur must report the hang (a deadlock: main joins the worker,
 * which waits for a signal that never comes). */
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

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
  while (!got)
    pause ();
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
