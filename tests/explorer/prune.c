/* Lock-protected and thread-local data, and one real race (test-prune.sh):
 * with the static facts only the race's accesses are scheduling points. */
#include <pthread.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long total, items, last;   /* under lock */
static __thread long mine;
static int hits;

static void *
worker (void *arg)
{
  long id = (long) arg;
  for (int i = 0; i < 2; i++)
    {
      mine += id;
      pthread_mutex_lock (&lock);
      total += id;
      items++;
      last = mine;
      pthread_mutex_unlock (&lock);
    }
  hits++;                         /* [data-race] */
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, worker, (void *) 1L);
  pthread_create (&b, NULL, worker, (void *) 2L);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return total == 6 && items == 4 ? 0 : 1;
}
