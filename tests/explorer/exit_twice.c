/* Three threads add one to a count under a mutex; the first two to get
 * there end the process with exit(0), and the third to count fails the
 * assertion.  The failure needs both exits to wait while the third
 * counts.  On real threads (fork mode, AUGUR_FIBERS=0; here also a
 * thread-local variable) libc runs the exit handlers once, and a second exit() ended
 * the process at once, unseen: the search said complete without the
 * failure.  Fibers and real threads must both find it. */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int count;
static __thread int mine;

static void *
worker (void *arg)
{
  pthread_mutex_lock (&m);
  int c = ++count;
  mine = c;
  pthread_mutex_unlock (&m);
  if (mine < 3)
    exit (0);
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
