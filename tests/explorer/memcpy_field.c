/* The worker writes one field, rec[0].offset, then publishes a total
 * under a lock; main copies the whole array with memcpy, then reads the
 * total, and checks the copy against it.  The atomicity violation is on
 * rec[0].offset: it was named by the start of the memcpy's range,
 * rec[0].name[0], a field nobody writes (SCTBench's aget). */
#include <assert.h>
#include <pthread.h>
#include <string.h>

struct rec
{
  char name[16];
  long start;
  long offset;
};

static struct rec rec[2];
static long total;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *
worker (void *arg)
{
  rec[0].offset = 5;
  pthread_mutex_lock (&m);
  total += 5;
  pthread_mutex_unlock (&m);
  return arg;
}

int
main (void)
{
  pthread_t t;
  struct rec copy[2];
  pthread_create (&t, NULL, worker, NULL);
  memcpy (copy, rec, sizeof rec);
  pthread_mutex_lock (&m);
  long seen = total;
  pthread_mutex_unlock (&m);
  assert (copy[0].offset == seen);
  pthread_join (t, NULL);
  return 0;
}
