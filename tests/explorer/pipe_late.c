/* The producer wakes the consumer through a pipe before it stores the
 * data: the consumer's read of it races with the store, and the
 * assertion fails when the consumer runs first after its read. */
#include <assert.h>
#include <pthread.h>
#include <unistd.h>

static int fds[2];
static int data;

static void *
producer (void *arg)
{
  (void) arg;
  char c = 'x';
  if (write (fds[1], &c, 1) != 1)
    return NULL;
  data = 42;   /* [data-race] stored after the wake-up */
  return NULL;
}

static void *
consumer (void *arg)
{
  (void) arg;
  char c;
  if (read (fds[0], &c, 1) != 1)
    return NULL;
  assert (data == 42);   /* [assertion] */
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  if (pipe (fds) != 0)
    return 2;
  pthread_create (&b, NULL, consumer, NULL);
  pthread_create (&a, NULL, producer, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
