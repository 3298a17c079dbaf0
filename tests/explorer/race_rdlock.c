/* Two threads hold a rwlock in read mode at the same time, and one of
 * them writes under it: a read lock orders nothing between readers. */
#include <pthread.h>

static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static int hits;

static void *
reader (void *unused)
{
  pthread_rwlock_rdlock (&rw);
  hits++;                      /* [data-race] */
  pthread_rwlock_unlock (&rw);
  return unused;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, reader, NULL);
  pthread_create (&b, NULL, reader, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
