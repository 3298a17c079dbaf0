/* Every execution starts from a fresh heap: the worker reads a malloc'd
 * block under the lock, and if it runs first it must see what a fresh
 * process's heap holds (zero), not the 5 an earlier execution wrote
 * there.  Correct as explored: complete, no finding (the arena handed
 * out blocks with the previous execution's contents, and the abort
 * showed, then did not replay). */
#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long *buf;
static int written;

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  long v = buf[0];
  int w = written;
  pthread_mutex_unlock (&m);
  if (!w && v == 5)
    abort ();
  return NULL;
}

int
main (void)
{
  pthread_t t;
  buf = malloc (4 * sizeof *buf);
  pthread_create (&t, NULL, worker, NULL);
  pthread_mutex_lock (&m);
  buf[0] = 5;
  written = 1;
  pthread_mutex_unlock (&m);
  pthread_join (t, NULL);
  free (buf);
  return 0;
}
