/* A bug at the end of a long execution: main fills a table (4,000 steps)
 * before a worker runs, then unlocks a mutex twice.  Its schedule is
 * packed in the results file (common/schedule-pack.h) and must replay. */
#include <pthread.h>

#define N 2000

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int table[N];
static int done;

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  done = 1;
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  for (int i = 0; i < N; i++)
    table[i] = table[(i + N - 1) % N] + i;
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_join (t, NULL);
  pthread_mutex_lock (&m);
  pthread_mutex_unlock (&m);
  pthread_mutex_unlock (&m);   /* [misuse:double-unlock] */
  return table[N - 1] == 0 && done;
}
