/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mysql_644 — the shape McPatom's bug list gives as MySQL 644 (from the
 * AVIO study): the thread printing the process list checks that a
 * session's proc_info is set (line 24) and then uses it (line 25), while the
 * session clears it when its statement ends (line 32).  A clear between the
 * check and the use dereferences NULL (R-W-R on thd.proc_info).  The
 * recorded run prints before the session ends.
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
  if (thd.proc_info != NULL)
    strcpy (out, thd.proc_info);
  return NULL;
}

static void *
end_statement (void *unused)
{
  thd.proc_info = NULL;
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
