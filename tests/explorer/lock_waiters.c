/* Three threads add one to a count under a mutex; the first two to get
 * there then take the mutex again and end holding it, and the third to
 * count fails the assertion.  The failure needs both others to count, and
 * to wait for the mutex, before the holder's second lock: at the end of
 * most runs two threads wait for the mutex, and both must be tried before
 * the holder (optimal DPOR raced the second waiter with the first one's
 * request, which never ran, and said complete without the failure). */
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int count;

static void *
worker (void *arg)
{
  pthread_mutex_lock (&m);
  int c = ++count;
  pthread_mutex_unlock (&m);
  if (c < 3)
    {
      pthread_mutex_lock (&m);            /* [deadlock] */
      return arg;
    }
  assert (0);                             /* [assertion] */
  return arg;
}

int
main (void)
{
  pthread_t t[3];
  for (int i = 0; i < 3; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 3; i++)
    pthread_join (t[i], NULL);
  return 0;
}
