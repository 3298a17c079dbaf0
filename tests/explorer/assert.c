/* Two threads add 1 to a counter with a separate atomic load and store:
 * an interleaving loses an update and main's assertion fails. */
#include <assert.h>
#include <pthread.h>

static int counter;

static void *
add (void *arg)
{
  (void) arg;
  int v = __atomic_load_n (&counter, __ATOMIC_SEQ_CST);
  __atomic_store_n (&counter, v + 1, __ATOMIC_SEQ_CST);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, add, NULL);
  pthread_create (&b, NULL, add, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (counter == 2);   /* [assertion] */
  return 0;
}
