/* A lost update whose read and write lie 120,000 events apart: thread 1
 * reads x, fills a buffer (every write an event), then writes x; thread
 * 2 adds to x without a lock.  The window of thread 2's write between
 * thread 1's read and write spans the whole fill, too many events to
 * encode, and an atomicity violation is no race that delaying one thread
 * reaches: the check is left unanswered, and augur predict says so
 * instead of "0 undecided". */
#include <pthread.h>
#include <stdio.h>

#define FILL 120000

int x, buf[FILL];

static void *
filler (void *arg)
{
  (void) arg;
  int r = x;
  for (int i = 0; i < FILL; i++)
    buf[i] = i;
  x = r + 1;
  return NULL;
}

static void *
adder (void *arg)
{
  (void) arg;
  x = x + 5;
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, filler, NULL);
  pthread_create (&b, NULL, adder, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  printf ("%d %d\n", x, buf[5]);
  return 0;
}
