/* sigtimedwait with a timeout, two ways.  With an argument, the waiter
 * polls until the signal comes (a loop augur must recognise as waiting,
 * not run for ever): no finding.  Without, it waits once and asserts it
 * got the signal: the signal may come after the timeout (time is
 * virtual: any timeout may expire first), and augur must find that. */
#include <assert.h>
#include <pthread.h>
#include <signal.h>
#include <time.h>

static sigset_t waited;
static int polls;

static void *
waiter (void *arg)
{
  struct timespec ts = { 0, 1000000 };
  siginfo_t info;
  if (arg != NULL)
    {
      while (sigtimedwait (&waited, &info, &ts) < 0)
        ;
    }
  else
    assert (sigtimedwait (&waited, &info, &ts) == SIGUSR2);
  assert (info.si_signo == SIGUSR2);
  return NULL;
}

int
main (int argc, char **argv)
{
  (void) argv;
  sigemptyset (&waited);
  sigaddset (&waited, SIGUSR2);
  pthread_sigmask (SIG_BLOCK, &waited, NULL);
  pthread_t t;
  pthread_create (&t, NULL, waiter, argc > 1 ? &polls : NULL);
  pthread_kill (t, SIGUSR2);
  pthread_join (t, NULL);
  return 0;
}
