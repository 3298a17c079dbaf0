/* held_destroy_lost.c with a read-write lock: main write-locks it (with an
 * argument "read": read-locks it), checks the worker has not run and
 * destroys it held; the worker read-locks it ("read": write-locks it).
 * Either way main's hold keeps the worker's request out until main's
 * acquisition: two traces, the assertion fails in one. */
#include <assert.h>
#include <pthread.h>
#include <string.h>

static pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
static int x;

static void *
worker (void *arg)
{
  if (arg != NULL)
    pthread_rwlock_wrlock (&l);
  else
    pthread_rwlock_rdlock (&l);
  x = 1;
  pthread_rwlock_unlock (&l);
  return NULL;
}

int
main (int argc, char **argv)
{
  pthread_t t;
  int read = argc > 1 && strcmp (argv[1], "read") == 0;
  pthread_create (&t, NULL, worker, read ? &l : NULL);
  pthread_detach (t);
  if (read)
    pthread_rwlock_rdlock (&l);
  else
    pthread_rwlock_wrlock (&l);
  assert (x == 0);              /* [assertion] if the worker locked first */
  pthread_rwlock_destroy (&l);
  return 0;
}
