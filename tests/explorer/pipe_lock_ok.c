/* A pipe used as a lock: it holds one token byte; a thread reads the
 * token to enter its critical section and writes it back to leave.  N
 * threads (argument, 4 by default) each add one to a counter once, under
 * the token: no race, and the counter is N at the end.  With a mutex the
 * same program has N! interleavings of the critical sections; the pipe's
 * reads and writes must not cost more than that. */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

static int fds[2];
static int counter;

static void *
worker (void *arg)
{
  (void) arg;
  char token;
  if (read (fds[0], &token, 1) != 1)
    abort ();
  counter++;
  if (write (fds[1], &token, 1) != 1)
    abort ();
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4;
  pthread_t t[8];
  if (n < 1 || n > 8 || pipe (fds) != 0)
    return 2;
  char token = 'x';
  if (write (fds[1], &token, 1) != 1)
    return 3;
  for (int k = 0; k < n; k++)
    pthread_create (&t[k], NULL, worker, NULL);
  for (int k = 0; k < n; k++)
    pthread_join (t[k], NULL);
  assert (counter == n);
  return 0;
}
