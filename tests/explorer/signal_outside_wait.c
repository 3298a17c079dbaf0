/* A wait that only a signal from outside the program can end: main
 * handles SIGUSR1, whose handler writes a pipe (the self-pipe trick) or
 * posts a semaphore, and waits for it; the program never sends SIGUSR1
 * itself, another process would.  Natively the wait ends when the signal
 * comes; augur sends no such signal, so the end where every thread waits
 * is no hang it can vouch for: a warning, and the search is incomplete.
 * With "cond", main waits on a condition nobody signals: a handler cannot
 * end that wait (pthread_cond_signal is not async-signal-safe), so the
 * deadlock stays an error. */
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static int fds[2];
static sem_t sem;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int ready;

static void
on_usr1 (int sig)
{
  (void) sig;
  char c = 1;
  if (write (fds[1], &c, 1) != 1)
    _exit (3);
  sem_post (&sem);
}

int
main (int argc, char **argv)
{
  const char *how = argc > 1 ? argv[1] : "pipe";
  char c;
  if (pipe (fds) != 0 || sem_init (&sem, 0, 0) != 0)
    return 2;
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_usr1;
  sa.sa_flags = SA_RESTART;
  sigemptyset (&sa.sa_mask);
  sigaction (SIGUSR1, &sa, NULL);
  if (strcmp (how, "sem") == 0)
    return sem_wait (&sem) == 0 ? 0 : 1;
  if (strcmp (how, "cond") == 0)
    {
      pthread_mutex_lock (&m);
      while (!ready)
        pthread_cond_wait (&cv, &m);
      pthread_mutex_unlock (&m);
      return 0;
    }
  return read (fds[0], &c, 1) == 1 ? 0 : 1;
}
