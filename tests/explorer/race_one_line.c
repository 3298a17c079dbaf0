/* Two counters updated on one line by two threads with no lock: two data
 * races at the same pair of lines, on hits and on misses.  Found once
 * per pair of lines, the second was only seen once the first was fixed.
 * The first member of a struct has the struct's address: the race on
 * stats.hits must be explained as such, not as one on stats. */
#include <pthread.h>

static struct { int hits; int calls; } stats;
static int misses;

static void *
count (void *arg)
{
  stats.hits++; misses++;
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, count, NULL);
  count (NULL);
  pthread_join (t, NULL);
  return 0;
}
