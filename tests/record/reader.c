/* SPDX-License-Identifier: GPL-3.0-or-later
 * reader.c — reads one line from its standard input and requires it to be
 * "42", then runs two threads that share a counter under a lock (a
 * correct program, with more than one interleaving to explore).  For
 * tests/record/test-signals.sh: the recorded run must read what the user
 * gives augur, and every explored run the --stdin file from its start. */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int counter;

static void *
worker (void *arg)
{
  pthread_mutex_lock (&m);
  counter++;
  pthread_mutex_unlock (&m);
  return arg;
}

int
main (void)
{
  char line[32] = "";
  if (fgets (line, sizeof line, stdin) == NULL)
    line[0] = '\0';
  printf ("read '%s'\n", strtok (line, "\n") != NULL ? line : "");
  assert (strcmp (line, "42") == 0);
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  return counter == 2 ? 0 : 1;
}
