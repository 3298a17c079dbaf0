/* As sigwait_ok, but main writes `job` after it sends the signal: the
 * signal thread's read races with that write.  augur must report the
 * data race. */
#include <pthread.h>
#include <signal.h>

static sigset_t waited;
static int job;

static void *
signal_thread (void *arg)
{
  (void) arg;
  int sig;
  sigwait (&waited, &sig);
  return (void *) (long) job;
}

int
main (void)
{
  sigemptyset (&waited);
  sigaddset (&waited, SIGUSR1);
  pthread_sigmask (SIG_BLOCK, &waited, NULL);
  pthread_t t;
  pthread_create (&t, NULL, signal_thread, NULL);
  pthread_kill (t, SIGUSR1);
  job = 1;
  pthread_join (t, NULL);
  return 0;
}
