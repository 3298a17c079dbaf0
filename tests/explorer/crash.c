/* One thread clears a pointer another one dereferences: a crash in one
 * interleaving.  (Atomics, so the only bug is the crash.) */
#include <pthread.h>
#include <stddef.h>

static int value = 42;
static int *ptr = &value;
static int seen;

static void *
clear (void *arg)
{
  (void) arg;
  __atomic_store_n (&ptr, NULL, __ATOMIC_SEQ_CST);
  return NULL;
}

static void *
use (void *arg)
{
  (void) arg;
  int *p = __atomic_load_n (&ptr, __ATOMIC_SEQ_CST);
  __atomic_store_n (&seen, *(volatile int *) p, __ATOMIC_SEQ_CST);   /* [crash] */
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, use, NULL);
  pthread_create (&b, NULL, clear, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
