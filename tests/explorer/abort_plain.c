/* A worker checks an invariant by hand and calls abort() (no assert())
 * when another thread's two writes are seen half done: a finding of
 * kind "abort" that says the program called abort(), with no part. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

static atomic_int lo, hi;

static void *
writer (void *arg)
{
  atomic_store (&lo, 1);
  atomic_store (&hi, 1);
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, writer, NULL);
  if (atomic_load (&hi) != atomic_load (&lo))
    abort ();   /* [abort] */
  pthread_join (t, NULL);
  return 0;
}
