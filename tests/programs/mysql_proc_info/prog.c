/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mysql_proc_info — modelled on the MySQL atomicity violation on
 * thd->proc_info that the AVIO and CTrigger papers describe (and that
 * predictive tools use as their standard example): the thread that prints
 * the process list checks that another session's proc_info is not NULL and
 * then prints it, while the session itself clears proc_info when it finishes
 * a statement.  Clearing between the check and the use dereferences NULL.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  const char *proc_info;
} Session;

static Session thd = { "Sending data" };
static char out[64];

static void *
show_processlist (void *unused)
{
  if (thd.proc_info != NULL)                    /* [atomicity-violation] [data-race] */
    strcpy (out, thd.proc_info);                /* [atomicity-violation] [data-race] [crash] */
  return NULL;
}

static void *
end_statement (void *unused)
{
  thd.proc_info = NULL;                         /* [atomicity-violation] [data-race] */
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, show_processlist, NULL);
  pthread_create (&b, NULL, end_statement, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  puts (out);
  return 0;
}
