/* nondet_bug without its bug: two workers add to a counter under a
 * mutex, each as many times as bits of the time-stamp counter say.  Which
 * steps a run makes depends on the TSC, which augur cannot replay: the
 * search stops on the program's nondeterminism, and with no bug found
 * that is the program's failure (exit 4), not augur's own (5). */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int n;

static void *
work (void *arg)
{
  for (int i = 0; i < 8; i++)
    if ((__builtin_ia32_rdtsc () >> 4) & 1)
      {
        pthread_mutex_lock (&m);
        n++;
        pthread_mutex_unlock (&m);
      }
  return arg;
}

int
main (void)
{
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, work, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  return n > 16;
}
