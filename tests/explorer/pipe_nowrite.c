/* A worker reads a job from a pipe that no thread ever writes: a hang, in
 * every interleaving. */
#include <pthread.h>
#include <unistd.h>

static int fds[2];

static void *
worker (void *arg)
{
  (void) arg;
  int job;
  if (read (fds[0], &job, sizeof job) != (ssize_t) sizeof job)   /* [hang] */
    return NULL;
  return NULL;
}

int
main (void)
{
  pthread_t t;
  if (pipe (fds) != 0)
    return 2;
  pthread_create (&t, NULL, worker, NULL);
  pthread_join (t, NULL);
  return 0;
}
