/* The bug-free variant of assert.c: one atomic increment. */
#include <assert.h>
#include <pthread.h>

static int counter;

static void *
add (void *arg)
{
  (void) arg;
  __atomic_fetch_add (&counter, 1, __ATOMIC_SEQ_CST);
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
  assert (counter == 2);
  return 0;
}
