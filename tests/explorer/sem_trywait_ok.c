/* A sem_trywait that finds the semaphore at 0 fails and takes nothing:
 * it read the semaphore, which is no data access, and must not be
 * reported as a data race with the sem_post it could come before. */
#include <pthread.h>
#include <semaphore.h>

static sem_t s;

static void *
poster (void *arg)
{
  sem_post (&s);
  return arg;
}

int
main (void)
{
  pthread_t t;
  sem_init (&s, 0, 0);
  pthread_create (&t, NULL, poster, NULL);
  int took = sem_trywait (&s) == 0;
  pthread_join (t, NULL);
  if (!took)
    sem_wait (&s);
  sem_destroy (&s);
  return 0;
}
