/* Each thread keeps a block of its own in a thread-specific key whose
 * destructor is free itself (as liburcu's compat TLS does).  No memory is
 * shared: complete, no finding.  The runtime calls the destructor, so the
 * free came from the runtime's own code, was taken for one libc makes for
 * itself (no step), and the block went to the next thread unordered: a
 * false data race. */
#include <pthread.h>
#include <stdlib.h>

static pthread_key_t key;

static void *
worker (void *arg)
{
  (void) arg;
  int *mine = pthread_getspecific (key);
  if (mine == NULL)
    {
      mine = calloc (1, 64);
      pthread_setspecific (key, mine);
    }
  mine[0] = 1;
  mine[1] = mine[0] + 1;
  return NULL;
}

int
main (void)
{
  pthread_key_create (&key, free);
  pthread_t a, b;
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, worker, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
