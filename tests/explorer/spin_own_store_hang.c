/* A waiting loop that marks its own word busy and clears it again in each
 * iteration, as a ringbuf worker marks its seen_off, and waits for a flag
 * no thread ever sets: a hang.  Its message names the flag it waits on,
 * not the word only it stores to (an atomic store counts as a re-read for
 * Await, for the read-modify-writes that do read). */
#include <pthread.h>
#include <stdatomic.h>

static atomic_int mine;
static atomic_int go;

static void *
waiter (void *arg)
{
  (void) arg;
  for (;;)
    {
      atomic_store (&mine, 1);
      if (atomic_load (&go))
        break;
      atomic_store (&mine, 0);
    }
  return NULL;
}

int
main (void)
{
  pthread_t w;
  pthread_create (&w, NULL, waiter, NULL);
  pthread_join (w, NULL);
  return 0;
}
