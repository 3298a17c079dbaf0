/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mysql_791 — MySQL 791 as AVIO describes it (McPatom's bug list): rotating
 * the binary log closes it (log_status = CLOSED, line 21) and opens the new
 * one (log_status = OPEN, line 22) with no lock, while an insert writes to
 * the log only if it is not closed (line 29).  An insert that checks between
 * the close and the open skips logging: the statement is lost from the
 * binary log (W-R-W on log_status).  The recorded run rotates first.
 */
#include <assert.h>
#include <pthread.h>

enum { LOG_CLOSED, LOG_OPEN };

static int log_status = LOG_OPEN;
static int logged;

static void *
new_file (void *unused)
{
  log_status = LOG_CLOSED;
  log_status = LOG_OPEN;
  return NULL;
}

static void *
mysql_insert (void *unused)
{
  if (log_status != LOG_CLOSED)
    logged++;
  return NULL;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, new_file, NULL);
  pthread_create (&t2, NULL, mysql_insert, NULL);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  assert (logged == 1);
  return 0;
}
