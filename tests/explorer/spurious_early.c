/* A producer and a consumer over a one-slot buffer, two items.  The
 * consumer may wake up without a signal (POSIX allows it) right after it
 * began to wait, while the producer, signalled, has not run yet: the
 * consumer then finds the buffer empty with the producer still marked
 * waiting, and aborts.  augur must find it in both DPOR modes (dpor mode
 * ran 17 of the 27 executions, missed it and said complete). */
#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER, not_empty = PTHREAD_COND_INITIALIZER;
static int count, producer_waits;

static void *
producer (void *arg)
{
  (void) arg;
  for (int i = 0; i < 2; i++)
    {
      pthread_mutex_lock (&m);
      while (count == 1)
        {
          producer_waits = 1;
          pthread_cond_wait (&not_full, &m);
          producer_waits = 0;
        }
      count++;
      pthread_cond_signal (&not_empty);
      pthread_mutex_unlock (&m);
    }
  return NULL;
}

static void *
consumer (void *arg)
{
  (void) arg;
  for (int i = 0; i < 2; i++)
    {
      pthread_mutex_lock (&m);
      while (count == 0)
        {
          pthread_cond_wait (&not_empty, &m);
          if (count == 0 && producer_waits)
            abort ();
        }
      count--;
      pthread_cond_signal (&not_full);
      pthread_mutex_unlock (&m);
    }
  return NULL;
}

int
main (void)
{
  pthread_t p, c;
  pthread_create (&p, NULL, producer, NULL);
  pthread_create (&c, NULL, consumer, NULL);
  pthread_join (p, NULL);
  pthread_join (c, NULL);
  return 0;
}
