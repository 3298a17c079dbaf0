/* main unlocks its mutex twice; a thread locks and unlocks it in between.
 * The double unlock is main's: its own first unlock is the one to name,
 * not the other thread's unlock that happened to come last. */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int jobs;

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  jobs++;
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_mutex_lock (&m);
  jobs = 1;
  pthread_mutex_unlock (&m);          /* main's first unlock */
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_join (t, NULL);
  pthread_mutex_unlock (&m);          /* [misuse:double-unlock] */
  return jobs == 2 ? 0 : 1;
}
