/* A producer stores the data, then wakes the consumer through a pipe (or
 * a socket pair: argument "s"; or a pipe read without blocking, retried
 * on EAGAIN: argument "n").  The consumer reads the data after its read
 * returned: ordered by the channel, no race, and the assertion holds in
 * every interleaving.  Under augur's scheduler a blocking read of the
 * empty pipe must not block the execution (it was reported as a hang). */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <sys/socket.h>
#include <unistd.h>

static int fds[2];
static int data;

static void *
producer (void *arg)
{
  (void) arg;
  data = 42;
  char c = 'x';
  if (write (fds[1], &c, 1) != 1)
    return NULL;
  return NULL;
}

static void *
consumer (void *arg)
{
  (void) arg;
  char c;
  ssize_t r;
  while ((r = read (fds[0], &c, 1)) < 0 && errno == EAGAIN)
    sched_yield ();
  if (r != 1)
    return NULL;
  assert (data == 42);
  return NULL;
}

int
main (int argc, char **argv)
{
  char how = argc > 1 ? argv[1][0] : 'p';
  if ((how == 's' ? socketpair (AF_UNIX, SOCK_STREAM, 0, fds) : pipe (fds)) != 0)
    return 2;
  if (how == 'n' && fcntl (fds[0], F_SETFL, O_NONBLOCK) != 0)
    return 2;
  pthread_t a, b;
  pthread_create (&b, NULL, consumer, NULL);
  pthread_create (&a, NULL, producer, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  close (fds[0]);
  close (fds[1]);
  return 0;
}
