/* A program that would batch its system calls through io_uring (libuv
 * adds its descriptors to its epoll set through a ring): while augur
 * records or explores, io_uring_setup fails with ENOSYS, as on a kernel
 * without io_uring, so the program takes its plain calls, which augur
 * sees.  The assertion fails if a ring was made. */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static int made;

static void *
other (void *arg)
{
  (void) arg;
  return NULL;
}

int
main (void)
{
  unsigned char params[120];   /* struct io_uring_params */
  pthread_t t;
  memset (params, 0, sizeof params);
  long fd = syscall (SYS_io_uring_setup, 4, params);
  int err = errno;
  if (fd >= 0)
    {
      made = 1;
      close ((int) fd);
    }
  pthread_create (&t, NULL, other, NULL);
  pthread_join (t, NULL);
  assert (!made && err == ENOSYS);
  return 0;
}
