/* SPDX-License-Identifier: GPL-3.0-or-later
 * killstaged.c — SIGKILL while threads are alive: three threads each lock
 * and unlock a mutex 2,000 times (several chunks each), tell main, and
 * wait for ever; main kills the process.  The threads' last chunks were
 * never written to the trace, only to the runtime's staging chunks:
 * augur record must recover them, so every one of the 12,000 lock and
 * unlock events is in the trace. */
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <unistd.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static sem_t done;
static long counter;

static void *
worker (void *arg)
{
  (void) arg;
  for (int k = 0; k < 2000; k++)
    {
      pthread_mutex_lock (&m);
      counter++;
      pthread_mutex_unlock (&m);
    }
  sem_post (&done);
  for (;;)
    pause ();
  return NULL;
}

int
main (void)
{
  sem_init (&done, 0, 0);
  pthread_t t[3];
  for (int k = 0; k < 3; k++)
    pthread_create (&t[k], NULL, worker, NULL);
  for (int k = 0; k < 3; k++)
    sem_wait (&done);
  kill (getpid (), SIGKILL);
  return 0;
}
