/*
 * confirm_free — an atomicity violation whose remote thread frees a block
 * between its two writes: the replay of the predicted schedule must take
 * the free as the step the runtime makes of it (a write of the block,
 * unless nothing happened since its allocation), or every such prediction
 * leaves its schedule at the free and is called not realisable.  cherokee
 * 0.9.2's time string update does this inside strftime.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int len = 5;

static void *
update (void *arg)
{
  len = 0;                     /* [atomicity-violation] */
  char *scratch = malloc (16);
  strcpy (scratch, "fresh");
  int n = (int) strlen (scratch);
  free (scratch);
  len = n;                     /* [atomicity-violation] */
  return arg;
}

static void *
reader (void *arg)
{
  usleep (2000);               /* the recorded run reads after the update */
  assert (len == 5);           /* [atomicity-violation] [assertion] */
  return arg;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, update, NULL);
  pthread_create (&b, NULL, reader, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
