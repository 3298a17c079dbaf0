/* Two functions each unlock a mutex twice through one wrapper, my_unlock
 * (line 13): two double unlocks at two places of the program's code
 * (lines 28 and 37), which the wrapper's one line cannot tell apart.
 * Each is a finding of its own, named at its caller's line. */
#include <pthread.h>

static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;

static __attribute__ ((noinline)) void
my_unlock (pthread_mutex_t *m)
{
  if (m != NULL)
    pthread_mutex_unlock (m);
}

static __attribute__ ((noinline)) void
my_lock (pthread_mutex_t *m)
{
  pthread_mutex_lock (m);
}

static __attribute__ ((noinline)) void
put (void)
{
  my_lock (&a);
  my_unlock (&a);
  /* the second: a double unlock */
  my_unlock (&a);
}

static __attribute__ ((noinline)) void
take (void)
{
  my_lock (&b);
  my_unlock (&b);
  /* the second: a double unlock */
  my_unlock (&b);
}

int
main (void)
{
  put ();
  take ();
  return 0;
}
