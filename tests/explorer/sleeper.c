/* A thread blocks in a call augur does not model (a read of a pipe made
 * by the system call itself, not through libc's pipe(), which nobody
 * writes): the execution's watchdog fires and the hang is reported, as a
 * warning: another process could write such a pipe. */
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

static int fds[2];

static void *
reader (void *arg)
{
  char c;
  (void) arg;
  return read (fds[0], &c, 1) == 1 ? NULL : NULL;   /* [hang] */
}

int
main (void)
{
  pthread_t t;
  if (syscall (SYS_pipe2, fds, 0) != 0)
    return 1;
  pthread_create (&t, NULL, reader, NULL);
  pthread_join (t, NULL);
  return 0;
}
