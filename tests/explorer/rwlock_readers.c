/* Two readers and a writer of one rwlock: the writer may come between
 * the readers, in either order, so a reader may see the write while the
 * other did not.  augur must find the failed assertion in every mode: a
 * write-mode acquisition races with each read acquisition since the last
 * write, not only with the last one (optimal DPOR explored 3 of the 4
 * orders and said complete). */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>

static pthread_rwlock_t lock = PTHREAD_RWLOCK_INITIALIZER;
static int x, seen[2];

static void *
reader (void *arg)
{
  pthread_rwlock_rdlock (&lock);
  seen[(size_t) arg] = x;
  pthread_rwlock_unlock (&lock);
  return NULL;
}

static void *
writer (void *arg)
{
  (void) arg;
  pthread_rwlock_wrlock (&lock);
  x = 1;
  pthread_rwlock_unlock (&lock);
  return NULL;
}

int
main (void)
{
  pthread_t t[3];
  pthread_create (&t[0], NULL, reader, (void *) 0);
  pthread_create (&t[1], NULL, reader, (void *) 1);
  pthread_create (&t[2], NULL, writer, NULL);
  for (int i = 0; i < 3; i++)
    pthread_join (t[i], NULL);
  assert (!(seen[0] == 1 && seen[1] == 0));
  return 0;
}
