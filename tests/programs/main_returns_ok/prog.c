/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * main_returns_ok — the fix of main_returns: main ends with pthread_exit,
 * so the process lives until the detached logger has finished.
 */
#include <pthread.h>
#include <stdio.h>

static char log_line[64];
static int log_len;

static void *
logger (void *unused)
{
  for (int i = 0; i < 8; i++)
    log_line[log_len++] = (char) ('a' + i);
  fputs ("log flushed\n", stdout);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, logger, NULL);
  pthread_detach (t);
  pthread_exit (NULL);
}
