/* main waits in epoll_wait for an eventfd a thread writes after storing
 * the data; the epoll set also holds a timerfd, never armed, which augur
 * does not model (as libuv's holds its io_uring ring).  The wait is woken
 * by the thread's write: complete, no finding, the guarantee saying the
 * timer was taken as never ready.  With an argument the thread writes
 * nothing: a hang that only the timer could end, a warning. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <unistd.h>

static int efd, data, silent;

static void *
writer (void *arg)
{
  uint64_t one = 1;
  data = 42;
  if (!silent && write (efd, &one, sizeof one) != sizeof one)
    abort ();
  return arg;
}

int
main (int argc, char **argv)
{
  (void) argv;
  silent = argc > 1;
  struct epoll_event ev = { .events = EPOLLIN }, out;
  pthread_t t;
  int ep = epoll_create1 (0);
  int timer = timerfd_create (CLOCK_MONOTONIC, 0);
  efd = eventfd (0, EFD_NONBLOCK);
  if (ep < 0 || timer < 0 || efd < 0)
    return 2;
  ev.data.fd = efd;
  epoll_ctl (ep, EPOLL_CTL_ADD, efd, &ev);
  ev.data.fd = timer;
  epoll_ctl (ep, EPOLL_CTL_ADD, timer, &ev);
  pthread_create (&t, NULL, writer, NULL);
  if (epoll_wait (ep, &out, 1, -1) != 1 || out.data.fd != efd)   /* [hang] with an argument */
    abort ();
  pthread_join (t, NULL);
  printf ("%d\n", data);
  return 0;
}
