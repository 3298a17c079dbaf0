/* A blocking write larger than a pipe holds (64 KiB): the kernel's call
 * blocks until the reader makes room.  Under augur's scheduler it must
 * not block the execution: the write goes in parts as the reader reads.
 * Modes: w (write), v (writev), s (send on a socket pair): correct, the
 * reader gets every byte in order; x: the reader stops after one read
 * and never closes its end, so the writer waits for ever (a hang at the
 * write's line). */
#include <assert.h>
#include <pthread.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#define N (100 * 1024)
#define CHUNK (32 * 1024)

static int fds[2];
static char out[N];
static char mode;

static void *
reader (void *arg)
{
  static char buf[CHUNK];
  size_t got = 0;
  (void) arg;
  for (;;)
    {
      ssize_t r = read (fds[0], buf, sizeof buf);
      if (r <= 0)
        break;
      /* the block numbers the writer put at each 4 KiB */
      for (size_t at = (got + 4095) / 4096 * 4096; at < got + (size_t) r; at += 4096)
        assert (buf[at - got] == (char) (at / 4096));
      got += (size_t) r;
      if (mode == 'x')
        return NULL;
    }
  assert (got == N);
  return NULL;
}

int
main (int argc, char **argv)
{
  pthread_t t;
  mode = argc > 1 ? argv[1][0] : 'w';
  if (mode == 's' ? socketpair (AF_UNIX, SOCK_STREAM, 0, fds) != 0 : pipe (fds) != 0)
    return 2;
  for (int k = 0; k < N / 4096; k++)
    memset (out + k * 4096, k, 4096);
  pthread_create (&t, NULL, reader, NULL);
  ssize_t w;
  if (mode == 'v')
    {
      struct iovec iov[2] = { { out, N / 2 }, { out + N / 2, N - N / 2 } };
      w = writev (fds[1], iov, 2);
    }
  else if (mode == 's')
    w = send (fds[1], out, N, 0);
  else
    w = write (fds[1], out, N);   /* [hang] in mode x */
  assert (w == N);
  close (fds[1]);
  pthread_join (t, NULL);
  return 0;
}
