/* The barrier's init was left out: a global barrier is all zeroes, and
 * glibc's wait divides by its count of 0 (SIGFPE on every native run).
 * There is no static initialiser for barriers, so it is a misuse wherever
 * the barrier lives. */
#include <pthread.h>

static pthread_barrier_t meet;
static int got;

static void *
partner (void *arg)
{
  got = 1;
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, partner, NULL);
  pthread_join (t, NULL);
  pthread_barrier_wait (&meet);               /* [misuse:uninitialised-barrier] */
  return got ? 0 : 1;
}
