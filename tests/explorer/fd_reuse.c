/* Descriptor numbers are the kernel's shared state: a new descriptor gets
 * the lowest free number (runtime/rt-fdtable.c).  One thread closes a
 * descriptor while another makes a new one, which gets the closed number
 * or not, by their order; a program that keeps numbers in a table (an
 * event loop's map of descriptors to handlers) then confuses the two.
 * augur must try both orders of the close and the open.
 *
 * HOW: "c" (by default) main asserts the new descriptor did not get the
 * closed number (fails when the close came first); "o" main asserts it
 * did (fails when the open came first: each of the two failures needs
 * the other order); "k" the closer is joined before the opener starts:
 * no finding, complete; "s" and "d" are "c" with a socket or a dup as
 * the new descriptor. */
#include <assert.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/socket.h>
#include <unistd.h>

static int old_fd, new_fd;
static char how = 'c';

static void *
closer (void *arg)
{
  (void) arg;
  close (old_fd);
  return NULL;
}

static void *
opener (void *arg)
{
  (void) arg;
  if (how == 's')
    new_fd = socket (AF_UNIX, SOCK_STREAM, 0);
  else if (how == 'd')
    new_fd = dup (STDERR_FILENO);
  else
    new_fd = open ("/dev/null", O_RDONLY);
  return NULL;
}

int
main (int argc, char **argv)
{
  if (argc > 1)
    how = argv[1][0];
  old_fd = open ("/dev/null", O_RDONLY);
  assert (old_fd >= 0);
  pthread_t a, b;
  pthread_create (&a, NULL, closer, NULL);
  if (how == 'k')
    pthread_join (a, NULL);
  pthread_create (&b, NULL, opener, NULL);
  if (how != 'k')
    pthread_join (a, NULL);
  pthread_join (b, NULL);
  assert (new_fd >= 0);
  if (how == 'o')
    assert (new_fd == old_fd);        /* the open came after the close */
  else if (how != 'k')
    assert (new_fd != old_fd);        /* the open came before the close */
  close (new_fd);
  return 0;
}
