/* Main and a helper both join the same worker.  POSIX leaves a second
 * join of a thread undefined (glibc: ESRCH, or a crash if the thread's
 * memory is reused).  Which join comes first depends on the interleaving,
 * so the two joins must be reordered: optimal and dpor modes ran one
 * execution, in which the helper's join came second unseen, and said
 * "complete", no finding. */
#include <pthread.h>
#include <stdatomic.h>

static pthread_t worker;
static atomic_int done;

static void *
work (void *arg)
{
  atomic_store (&done, 1);
  return arg;
}

static void *
helper (void *arg)
{
  pthread_join (worker, NULL);            /* [double-join] */
  return arg;
}

int
main (void)
{
  pthread_t h;
  pthread_create (&worker, NULL, work, NULL);
  pthread_create (&h, NULL, helper, NULL);
  pthread_join (worker, NULL);            /* [double-join] */
  pthread_join (h, NULL);
  return 0;
}
