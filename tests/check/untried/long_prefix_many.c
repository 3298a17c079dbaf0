/* Three races after a long single-threaded start (as long_prefix.c):
 * main fills a table of 300,000 entries, starts the worker, then reads
 * three flags the worker sets without the lock main holds.  Every
 * predicted schedule keeps only the window around its race and none can
 * be re-executed: why is said once, with their count, not once each. */
#include <pthread.h>
#include <stdio.h>

#define FILL 300000

static int table[FILL];
static int a, b, c;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *
worker (void *arg)
{
  a = 1;                              /* no lock */
  b = 1;
  c = 1;
  return arg;
}

int
main (void)
{
  for (int i = 0; i < FILL; i++)
    table[i] = i;
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_mutex_lock (&lock);
  int seen = a;
  pthread_mutex_unlock (&lock);
  pthread_mutex_lock (&lock);
  seen += b;
  pthread_mutex_unlock (&lock);
  pthread_mutex_lock (&lock);
  seen += c;
  pthread_mutex_unlock (&lock);
  pthread_join (t, NULL);
  printf ("%d %d\n", seen, table[FILL - 1]);
  return 0;
}
