/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * slow_once.c — a correct program whose first run is slow and whose
 * later runs are not (as a run starved on a loaded machine): the first
 * run to create the marker file named by SLOW_ONCE_MARK computes for
 * seconds without a visible access.  Explored with a short watchdog, that
 * run is killed once and, run again, ends: no hang.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

static int counter;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static unsigned long
churn (void)
{
  unsigned long x = 1;
  for (unsigned long i = 0; i < 6000000000ul; i++)
    x = x * 6364136223846793005ul + 1442695040888963407ul;
  return x;
}

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  counter++;
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  const char *mark = getenv ("SLOW_ONCE_MARK");
  if (mark != NULL)
    {
      int fd = open (mark, O_CREAT | O_EXCL | O_WRONLY, 0600);
      if (fd >= 0)
        {
          close (fd);
          if (churn () == 42)
            return 3;
        }
    }
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_mutex_lock (&m);
  counter++;
  pthread_mutex_unlock (&m);
  pthread_join (t, NULL);
  return counter == 2 ? 0 : 1;
}
