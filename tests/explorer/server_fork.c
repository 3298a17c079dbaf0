/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A program that forks while its threads run: a forked copy of the
 * execution server would be a second server, so that execution is run
 * again as a forked process with real threads, and the later ones too.
 * The bug is the unsynchronised `racy`.
 */
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

static int racy;

static void *
worker (void *arg)
{
  (void) arg;
  racy++;
  return NULL;
}

int
main (void)
{
  pthread_t t[2];
  for (int k = 0; k < 2; k++)
    pthread_create (&t[k], NULL, worker, NULL);
  pid_t pid = fork ();
  if (pid == 0)
    _exit (0);
  waitpid (pid, NULL, 0);
  for (int k = 0; k < 2; k++)
    pthread_join (t[k], NULL);
  return 0;
}
