/* A worker paused by a signal, as thread pools pause their workers: the
 * handler raises a flag and waits until main lowers it again.  main waits
 * for the flag to rise before it lowers it, so no resume is lost.  The
 * handler runs as the worker's steps wherever the worker is, even while
 * it is blocked in sem_wait: complete, no finding (before, a signal
 * needed real threads and the watchdog killed the runs). */
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <unistd.h>

static atomic_int on_hold;
static sem_t jobs;

static void
hold (int sig)
{
  (void) sig;
  atomic_store (&on_hold, 1);
  while (atomic_load (&on_hold))
    sleep (1);
}

static void *
worker (void *arg)
{
  (void) arg;
  sem_wait (&jobs);
  return NULL;
}

int
main (void)
{
  struct sigaction sa = { 0 };
  sa.sa_handler = hold;
  sigemptyset (&sa.sa_mask);
  sigaction (SIGUSR1, &sa, NULL);
  sem_init (&jobs, 0, 0);
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_kill (t, SIGUSR1);
  while (!atomic_load (&on_hold))
    usleep (100);
  atomic_store (&on_hold, 0);
  sem_post (&jobs);
  pthread_join (t, NULL);
  return 0;
}
