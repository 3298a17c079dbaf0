/* A thread blocks in a call augur does not model (poll, on a pipe nobody
 * writes): the execution's watchdog fires and the hang is reported. */
#include <poll.h>
#include <pthread.h>
#include <unistd.h>

static int fds[2];

static void *
reader (void *arg)
{
  struct pollfd p = { .fd = fds[0], .events = POLLIN };
  (void) arg;
  return poll (&p, 1, -1) == 1 ? NULL : NULL;   /* [hang] */
}

int
main (void)
{
  pthread_t t;
  if (pipe (fds) != 0)
    return 1;
  pthread_create (&t, NULL, reader, NULL);
  pthread_join (t, NULL);
  return 0;
}
