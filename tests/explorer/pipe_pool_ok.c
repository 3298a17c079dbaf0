/* Two workers take job numbers from a pipe until its end of file; main
 * fills in each job's value before sending it, and closes the write end
 * after the last.  Each worker adds its jobs' values to a total under a
 * mutex: 6 in every interleaving, and no race. */
#include <assert.h>
#include <pthread.h>
#include <unistd.h>

static int fds[2];
static int value[3];
static int total;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *
worker (void *arg)
{
  (void) arg;
  int job;
  while (read (fds[0], &job, sizeof job) == (ssize_t) sizeof job)
    {
      pthread_mutex_lock (&m);
      total += value[job];
      pthread_mutex_unlock (&m);
    }
  return NULL;
}

int
main (void)
{
  pthread_t t[2];
  if (pipe (fds) != 0)
    return 2;
  for (int k = 0; k < 2; k++)
    pthread_create (&t[k], NULL, worker, NULL);
  for (int j = 0; j < 3; j++)
    {
      value[j] = j + 1;
      if (write (fds[1], &j, sizeof j) != (ssize_t) sizeof j)
        return 3;
    }
  close (fds[1]);
  for (int k = 0; k < 2; k++)
    pthread_join (t[k], NULL);
  assert (total == 6);
  close (fds[0]);
  return 0;
}
