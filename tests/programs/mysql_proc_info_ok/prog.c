/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mysql_proc_info_ok — the fix of mysql_proc_info: both the check-and-copy
 * and the clearing of proc_info happen under the session's lock.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  const char *proc_info;
} Session;

static Session thd = { "Sending data" };
static char out[64];
static pthread_mutex_t thd_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
show_processlist (void *unused)
{
  pthread_mutex_lock (&thd_lock);
  if (thd.proc_info != NULL)
    strcpy (out, thd.proc_info);
  pthread_mutex_unlock (&thd_lock);
  return NULL;
}

static void *
end_statement (void *unused)
{
  pthread_mutex_lock (&thd_lock);
  thd.proc_info = NULL;
  pthread_mutex_unlock (&thd_lock);
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
