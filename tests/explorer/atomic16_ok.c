/* Two threads bump a counter kept with a pointer in one 16-byte _Atomic
 * (a tagged pointer, as lock-free stacks keep theirs), by load and
 * compare-exchange.  Every run used to hang: the runtime took the 16-byte
 * atomics' stripe lock before the scheduling point, and the thread
 * switched to then spun on it for ever.  Correct: complete, no finding. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

typedef struct {
  void *ptr;
  unsigned long tag;
} tagged;

static _Atomic tagged head;

static void *
bump (void *arg)
{
  (void) arg;
  tagged cur = atomic_load (&head), next;
  do
    {
      next.ptr = cur.ptr;
      next.tag = cur.tag + 1;
    }
  while (!atomic_compare_exchange_weak (&head, &cur, next));
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, bump, NULL);
  pthread_create (&b, NULL, bump, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  tagged last = atomic_load (&head);
  assert (last.tag == 2);
  return 0;
}
