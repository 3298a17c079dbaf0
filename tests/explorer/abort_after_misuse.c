/* No assert() anywhere: main joins its worker twice and calls abort()
 * when the second join fails.  The abort is the double join's
 * consequence: one finding of kind "abort" whose part is the
 * misuse:double-join, not two bugs. */
#include <pthread.h>
#include <stdlib.h>

static void *
worker (void *arg)
{
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_join (t, NULL);
  if (pthread_join (t, NULL) != 0)   /* [misuse:double-join] */
    abort ();                        /* [abort] */
  return 0;
}
