/* Two consumers wait on one condition variable for an item each; main
 * puts two items, one signal each.  Whichever waiter each signal wakes
 * (POSIX: any thread blocked when it is sent), both consumers get an
 * item: no finding, and the search ends.  A consumer may take its item
 * before main puts the second one only if the first signal woke the
 * consumer that began to wait last. */
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int waiting, items, taken;

static void *
consumer (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  waiting++;
  while (items == 0)
    pthread_cond_wait (&c, &m);
  items--;
  taken++;
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, consumer, NULL);
  pthread_create (&b, NULL, consumer, NULL);
  pthread_mutex_lock (&m);
  while (waiting < 2)
    {
      pthread_mutex_unlock (&m);
      pthread_mutex_lock (&m);
    }
  for (int k = 0; k < 2; k++)
    {
      items++;
      pthread_cond_signal (&c);
      pthread_mutex_unlock (&m);
      pthread_mutex_lock (&m);
    }
  pthread_mutex_unlock (&m);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (taken == 2);
  return 0;
}
