/* Two threads name a shared record without a lock: one copies a literal
 * into its name (strcpy of a literal, which the compiler expands into
 * plain stores), the other compares the name with a literal (strcmp,
 * which it expands into loads).  Both are races on the name; augur-cc
 * keeps both calls, which the runtime sees. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

struct record
{
  char name[16];
  int hits;
};

static struct record rec;
static int matched;

static void *
namer (void *arg)
{
  (void) arg;
  strcpy (rec.name, "worker");   /* [data-race] */
  return NULL;
}

static void *
checker (void *arg)
{
  (void) arg;
  if (strcmp (rec.name, "worker") == 0)   /* [data-race] */
    matched = 1;
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, namer, NULL);
  pthread_create (&b, NULL, checker, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  printf ("%d\n", matched);
  return 0;
}
