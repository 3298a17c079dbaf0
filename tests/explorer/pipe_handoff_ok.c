/* A producer stores the data, then wakes the consumer through a pipe.
 * The argument says how: p a blocking read (the default), s through a
 * socket pair, n a non-blocking read retried on EAGAIN, o a poll without
 * timeout before the read, t a poll with a timeout retried until ready, l
 * a select without timeout, E an epoll_wait without timeout, T the same
 * edge-triggered once the producer wrote (libevent's wake-up: the edge
 * is the kernel's to give once, and a wait that looked at it before its
 * step must not lose it), P an
 * epoll_pwait2 without timeout (libevent's, where glibc has it), e an
 * eventfd, f an eventfd through glibc's eventfd_write and eventfd_read
 * (libevent's wake-up: they call the kernel inside libc).  The consumer
 * reads the data
 * after its read returned: ordered by the channel, no race, and the
 * assertion holds in every interleaving.  Under augur's scheduler a
 * blocking read of the empty pipe must not block the execution (it was
 * reported as a hang). */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <unistd.h>

static int fds[2];
static int data;
static char how;
static int written;

static void *
producer (void *arg)
{
  (void) arg;
  data = 42;
  uint64_t one = 1;
  if (how == 'f')
    {
      eventfd_write (fds[1], 1);
      return NULL;
    }
  if (write (fds[1], &one, how == 'e' ? sizeof one : 1) < 1)
    return NULL;
  __atomic_store_n (&written, 1, __ATOMIC_SEQ_CST);
  return NULL;
}

static void *
consumer (void *arg)
{
  (void) arg;
  uint64_t c;
  ssize_t r;
  struct pollfd p = { .fd = fds[0], .events = POLLIN };
  if (how == 'o' && poll (&p, 1, -1) != 1)
    return NULL;
  while (how == 't' && poll (&p, 1, 100) == 0)
    ;
  fd_set in;
  FD_ZERO (&in);
  FD_SET (fds[0], &in);
  if (how == 'l' && select (fds[0] + 1, &in, NULL, NULL, NULL) != 1)
    return NULL;
  struct epoll_event ev = { .events = EPOLLIN | (how == 'T' ? EPOLLET : 0) };
  int ep = how == 'E' || how == 'T' || how == 'P' ? epoll_create1 (0) : -1;
  if (ep >= 0 && epoll_ctl (ep, EPOLL_CTL_ADD, fds[0], &ev) != 0)
    return NULL;
  while (how == 'T' && !__atomic_load_n (&written, __ATOMIC_SEQ_CST))
    sched_yield ();
  if ((how == 'E' || how == 'T') && epoll_wait (ep, &ev, 1, -1) != 1)
    return NULL;
  if (how == 'P' && epoll_pwait2 (ep, &ev, 1, NULL, NULL) != 1)
    return NULL;
  if (ep >= 0)
    close (ep);
  eventfd_t v;
  if (how == 'f')
    {
      if (eventfd_read (fds[0], &v) != 0)
        return NULL;
      assert (data == 42);
      return NULL;
    }
  while ((r = read (fds[0], &c, how == 'e' ? sizeof c : 1)) < 0 && errno == EAGAIN)
    sched_yield ();
  if (r < 1)
    return NULL;
  assert (data == 42);
  return NULL;
}

int
main (int argc, char **argv)
{
  how = argc > 1 ? argv[1][0] : 'p';
  if (how == 'e' || how == 'f')
    fds[0] = fds[1] = eventfd (0, 0);
  else if ((how == 's' ? socketpair (AF_UNIX, SOCK_STREAM, 0, fds) : pipe (fds)) != 0)
    return 2;
  if (fds[0] < 0)
    return 2;
  if (how == 'n' && fcntl (fds[0], F_SETFL, O_NONBLOCK) != 0)
    return 2;
  pthread_t a, b;
  pthread_create (&b, NULL, consumer, NULL);
  pthread_create (&a, NULL, producer, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  close (fds[0]);
  if (fds[1] != fds[0])
    close (fds[1]);
  return 0;
}
