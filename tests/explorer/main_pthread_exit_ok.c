/* main ends with pthread_exit while a detached thread still works: the
 * process lives until that thread is done.  Neither a deadlock nor a
 * misuse, and it must not hang (main's pthread_exit loads libgcc_s while
 * the other thread runs). */
#include <pthread.h>
#include <stdio.h>

static char line[16];

static void *
logger (void *unused)
{
  for (int i = 0; i < 8; i++)
    line[i] = (char) ('a' + i);
  fputs ("logged\n", stdout);
  return unused;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, logger, NULL);
  pthread_detach (t);
  pthread_exit (NULL);
}
