/* An atomic struct: Frama-C's <stdatomic.h> passes the value atomic_store
 * stores as an unsigned long long, which a struct does not convert to
 * ("Failure: castTo struct pair -> unsigned long long"), so Frama-C
 * rejects the file.  augur must say that its atomics model did, not that
 * headers or macros are missing; beside another file, it is left out
 * with that reason. */
#include <pthread.h>
#include <stdatomic.h>

struct pair
{
  int a, b;
};

_Atomic struct pair last;

static void *
worker (void *arg)
{
  struct pair v = { 1, 2 };
  (void) arg;
  atomic_store (&last, v);
  return NULL;
}

void
publish_twice (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  worker (NULL);
  pthread_join (t, NULL);
}
