/* A lost update in a function written on one line: no statement of it
 * to put a lock or a handshake around, which the diagnosis must say (it
 * put the lock calls at file scope, around the whole definition). */
#include <assert.h>
#include <pthread.h>

static int cnt;
static void bump (void) { cnt++; }

static void *
worker (void *arg)
{
  bump ();
  return arg;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, worker, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (cnt == 2);
  return 0;
}
