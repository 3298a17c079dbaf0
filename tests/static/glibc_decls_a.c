/* Includes <pthread.h> and not <unistd.h>, where Frama-C's libc declares
 * pthread_atfork: the call declared it implicitly, from its arguments
 * (libuv's threadpool.c), which did not link with glibc_decls_b.c's
 * <unistd.h>.  The counter is racy: a candidate. */
#include <pthread.h>
#include <stddef.h>

int counter;
int wait_events (void);

static void
reset_after_fork (void)
{
  counter = 0;
}

static void *
worker (void *arg)
{
  (void) arg;
  counter++;
  return NULL;
}

int
main (void)
{
  if (pthread_atfork (NULL, NULL, &reset_after_fork) != 0)
    return 1;
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  counter++;
  pthread_join (t, NULL);
  return wait_events () < 0;
}
