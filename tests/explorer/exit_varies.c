/* A test whose exit status depends on the interleaving: main reads the
 * worker's result after a sleep (a timing assumption) and returns 1 when
 * it is not there yet; natively it exits 0.  The explorer's first
 * execution runs main first and exits 1, the other exits 0: the exit
 * status varies, an error (it was a warning "as the first execution did",
 * and augur check said complete, exit 0).  With the argument "always",
 * main returns 1 whatever the interleaving: that stays a warning. */
#include <pthread.h>
#include <string.h>
#include <unistd.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x;

static void *
worker (void *arg)
{
  pthread_mutex_lock (&m);
  x = 1;
  pthread_mutex_unlock (&m);
  return arg;
}

int
main (int argc, char **argv)
{
  pthread_t t;
  int v;
  pthread_create (&t, NULL, worker, NULL);
  usleep (10000);
  pthread_mutex_lock (&m);
  v = x;
  pthread_mutex_unlock (&m);
  pthread_join (t, NULL);
  if (argc > 1 && strcmp (argv[1], "always") == 0)
    return 1;
  return v != 1;
}
