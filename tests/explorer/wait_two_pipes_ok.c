/* A loop waits on two pipes at once and a second thread wakes it
 * through one of them, after a store the loop reads before it waits (so
 * that the explorer runs the write both before and after the wait).  The
 * argument says how it waits: p poll on the first pipe and the second,
 * woken through the second (the default); e epoll_wait on a set of the
 * second pipe and the first, woken through the first; s select, woken
 * through the second.  The wait's step depends on both pipes: when it
 * depended only on the first one it watches, the explorer moved the other
 * pipe's write after the wait, the replay waited where the run it came
 * from had gone on, and the run left its schedule (libuv's loop: an
 * epoll set of a signal pipe and an eventfd). */
#include <poll.h>
#include <pthread.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <unistd.h>

static int first[2], second[2];
static int busy;
static char how;

static void *
waker (void *arg)
{
  (void) arg;
  char c = 'x';
  __atomic_store_n (&busy, 1, __ATOMIC_SEQ_CST);
  if (write (how == 'e' ? first[1] : second[1], &c, 1) != 1)
    return NULL;
  return NULL;
}

static int
wait_both (void)
{
  if (how == 'e')
    {
      int ep = epoll_create1 (0);
      struct epoll_event ev = { .events = EPOLLIN };
      ev.data.fd = second[0];
      epoll_ctl (ep, EPOLL_CTL_ADD, second[0], &ev);
      ev.data.fd = first[0];
      epoll_ctl (ep, EPOLL_CTL_ADD, first[0], &ev);
      struct epoll_event out;
      int n = epoll_wait (ep, &out, 1, -1);
      close (ep);
      return n == 1 ? out.data.fd : -1;
    }
  if (how == 's')
    {
      fd_set r;
      FD_ZERO (&r);
      FD_SET (first[0], &r);
      FD_SET (second[0], &r);
      int top = first[0] > second[0] ? first[0] : second[0];
      if (select (top + 1, &r, NULL, NULL, NULL) != 1)
        return -1;
      return FD_ISSET (second[0], &r) ? second[0] : first[0];
    }
  struct pollfd p[2] = { { first[0], POLLIN, 0 }, { second[0], POLLIN, 0 } };
  if (poll (p, 2, -1) != 1)
    return -1;
  return p[1].revents != 0 ? second[0] : first[0];
}

int
main (int argc, char **argv)
{
  how = argc > 1 ? argv[1][0] : 'p';
  pthread_t t;
  if (pipe (first) != 0 || pipe (second) != 0)
    return 1;
  pthread_create (&t, NULL, waker, NULL);
  int seen = __atomic_load_n (&busy, __ATOMIC_SEQ_CST);
  int fd = wait_both ();
  char c;
  if (fd < 0 || read (fd, &c, 1) != 1)
    return 1;
  pthread_join (t, NULL);
  (void) seen;
  return 0;
}
