/* main polls a flag under a mutex that nobody ever sets: a hang.  Under
 * --sync-only (or static facts) the read is no step, and the hang must
 * still name the line of the loop's read (it said ?:0). */
#include <pthread.h>

static volatile int ready;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

int
main (void)
{
  for (;;)
    {
      pthread_mutex_lock (&m);
      int r = ready;
      pthread_mutex_unlock (&m);
      if (r)
        break;
    }
  return 0;
}
