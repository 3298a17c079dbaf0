/* Two locks taken through a wrapper, in opposite orders by two callers
 * (pigz's get_space and drop_space through yarn's possess): a lock-order
 * inversion whose acquisitions all sit at the wrapper's one line.  Only
 * the callers tell them apart, so the finding must show them.  The
 * threads run one after the other: a hazard, not a deadlock. */
#include <pthread.h>

static pthread_mutex_t have = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t use = PTHREAD_MUTEX_INITIALIZER;
static int space;

__attribute__ ((noinline)) static void
possess (pthread_mutex_t *m)
{
  pthread_mutex_lock (m);     /* every acquisition */
}

__attribute__ ((noinline)) static void
release (pthread_mutex_t *m)
{
  pthread_mutex_unlock (m);
}

__attribute__ ((noinline)) static void
get_space (void)
{
  possess (&have);            /* have, then use */
  possess (&use);
  space++;
  release (&use);
  release (&have);
}

__attribute__ ((noinline)) static void
drop_space (void)
{
  possess (&use);             /* use, then have */
  possess (&have);
  space--;
  release (&have);
  release (&use);
}

static void *
getter (void *arg)
{
  (void) arg;
  get_space ();
  return NULL;
}

static void *
dropper (void *arg)
{
  (void) arg;
  drop_space ();
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, getter, NULL);
  pthread_join (a, NULL);
  pthread_create (&b, NULL, dropper, NULL);
  pthread_join (b, NULL);
  return space;
}
