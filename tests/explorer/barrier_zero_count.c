/* An init with a count of 0 fails (EINVAL, as glibc says) and is no
 * finding of its own; the barrier stays uninitialised, so the wait after
 * it is the misuse. */
#include <errno.h>
#include <pthread.h>

static pthread_barrier_t none;

int
main (void)
{
  if (pthread_barrier_init (&none, NULL, 0) != EINVAL)
    return 2;
  pthread_barrier_wait (&none);               /* [misuse:uninitialised-barrier] */
  return 0;
}
