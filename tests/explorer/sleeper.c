/* A thread blocks in a call augur does not model (epoll_wait, on a pipe
 * nobody writes): the execution's watchdog fires and the hang is
 * reported. */
#include <pthread.h>
#include <sys/epoll.h>
#include <unistd.h>

static int fds[2];

static void *
reader (void *arg)
{
  struct epoll_event e = { .events = EPOLLIN };
  (void) arg;
  int ep = epoll_create1 (0);
  if (ep < 0 || epoll_ctl (ep, EPOLL_CTL_ADD, fds[0], &e) != 0)
    return NULL;
  return epoll_wait (ep, &e, 1, -1) == 1 ? NULL : NULL;   /* [hang] */
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
