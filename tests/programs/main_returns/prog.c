/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * main_returns — the misuse the inspect paper reports as a missing
 * pthread_exit: main returns (ending the process) while a detached worker may
 * still be running, so the worker's flush of the log can be cut off.
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
  pthread_create (&t, NULL, logger, NULL);      /* [misuse:main-returns-with-threads] */
  pthread_detach (t);
  return 0;                                     /* the logger may still run: it is killed */
}
