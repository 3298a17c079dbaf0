/* Two threads each set errno and read it back: errno is per thread, so
 * nothing here is shared.  In the execution server every fiber has the
 * same errno address (the one OS thread's TLS), its own value saved and
 * restored at each switch; accesses there must not be reported as data
 * races between the threads (runtime/rt-fiber.h, rt_fiber_tls_lo). */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>

static void *
worker (void *arg)
{
  int mine = (int) (intptr_t) arg;
  for (int k = 0; k < 2; k++)
    {
      errno = mine;
      assert (errno == mine);
    }
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, worker, (void *) (intptr_t) EAGAIN);
  pthread_create (&b, NULL, worker, (void *) (intptr_t) EINTR);
  errno = 0;
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (errno == 0);
  return 0;
}
