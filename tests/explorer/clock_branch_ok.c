/* A loop whose path depends on the time it reads, as an event loop's
 * timers do: each round it takes the lock, reads the clock (clock_gettime,
 * monotonic and real-time, gettimeofday, time) and, by the microseconds it
 * sees, updates one counter or the other, while a second thread takes the
 * lock too.  Under the
 * explorer time is the virtual clock, a function of the schedule: a
 * replay of a schedule's prefix takes the same path and no run leaves its
 * schedule (with the kernel's clock, one in two would take the other
 * branch). */
#include <pthread.h>
#include <stdint.h>
#include <sys/time.h>
#include <time.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int odd, even;

static uint64_t
now_us (int round)
{
  struct timespec ts;
  struct timeval tv;
  switch (round % 3)
    {
    case 0:
      clock_gettime (CLOCK_MONOTONIC, &ts);
      return (uint64_t) ts.tv_sec * 1000000 + (uint64_t) ts.tv_nsec / 1000;
    case 1:
      clock_gettime (CLOCK_REALTIME, &ts);
      return (uint64_t) ts.tv_sec * 1000000 + (uint64_t) ts.tv_nsec / 1000 + (uint64_t) time (NULL);
    default:
      gettimeofday (&tv, NULL);
      return (uint64_t) tv.tv_sec * 1000000 + (uint64_t) tv.tv_usec;
    }
}

static void *
other (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&lock);
  odd++;
  even++;
  pthread_mutex_unlock (&lock);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, other, NULL);
  for (int round = 0; round < 6; round++)
    {
      pthread_mutex_lock (&lock);
      if (now_us (round) % 2 != 0)
        odd++;
      else
        even++;
      pthread_mutex_unlock (&lock);
    }
  pthread_join (t, NULL);
  return 0;
}
