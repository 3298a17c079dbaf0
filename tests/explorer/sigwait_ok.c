/* A signal-handling thread: every thread blocks SIGUSR1 and SIGTERM, one
 * takes them with sigwait.  main sends it SIGUSR1 (pthread_kill) after
 * writing `job`, which the thread reads once it has the signal, then
 * SIGTERM to the whole process (kill) to stop it.  augur must run it to
 * the end (a real sigwait would block the execution for ever), find no
 * race on `job` (the kill orders it) and explore every order. */
#include <assert.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

static sigset_t waited;
static int job, done_jobs;

static void *
signal_thread (void *arg)
{
  (void) arg;
  for (;;)
    {
      int sig;
      if (sigwait (&waited, &sig) != 0)
        return NULL;
      if (sig == SIGTERM)
        return NULL;
      done_jobs += job;
    }
}

int
main (void)
{
  sigemptyset (&waited);
  sigaddset (&waited, SIGUSR1);
  sigaddset (&waited, SIGTERM);
  pthread_sigmask (SIG_BLOCK, &waited, NULL);
  pthread_t t;
  pthread_create (&t, NULL, signal_thread, NULL);
  job = 1;
  pthread_kill (t, SIGUSR1);
  kill (getpid (), SIGTERM);
  pthread_join (t, NULL);
  assert (done_jobs <= 1);
  return 0;
}
