/* A thread pool's shutdown (C-Thread-Pool's thpool_destroy): main posts
 * the workers' wake-up flag again and again, setting it to 1 under its
 * mutex and broadcasting, until the plain count of live workers is 0.
 * Under --sync-only the count's read and the flag's write are no steps:
 * the loop's steps (lock, broadcast, unlock) repeat, and the write, which
 * puts back the 1 the last iteration left, changes nothing, so main
 * awaits the count.  When the write made the loop look like progress,
 * main ran alone until the step bound in every schedule the preemption
 * bound allowed.  Its only bug is the data race on the count, which
 * --sync-only does not look for. */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t posted = PTHREAD_COND_INITIALIZER;
static pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;
static int v;
#ifndef COUNTED
#define COUNTED 2          /* the workers it starts */
#endif
static volatile int alive = COUNTED;

static void *
worker (void *arg)
{
  pthread_mutex_lock (&m);
  while (v != 1)
    pthread_cond_wait (&posted, &m);
  v = 0;                                  /* takes the post */
  pthread_mutex_unlock (&m);
  pthread_mutex_lock (&count_lock);
  alive--;
  pthread_mutex_unlock (&count_lock);
  return arg;
}

int
main (void)
{
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  while (alive > 0)
    {
      pthread_mutex_lock (&m);
      v = 1;
      pthread_cond_broadcast (&posted);
      pthread_mutex_unlock (&m);
    }
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  return 0;
}
