/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mysql_644_ok — the fix of mysql_644: the dump thread waits only while
 * no event it has not sent is in the log, so an update logged before it
 * waits is sent at once.
 */
#include <pthread.h>

typedef struct {
  pthread_mutex_t LOCK_log;
  pthread_cond_t update_cond;
  int events;
} BinLog;

static BinLog binlog = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0 };

static void *
binlog_dump (void *unused)
{
  int sent = 0;
  pthread_mutex_lock (&binlog.LOCK_log);
  while (binlog.events == sent)
    pthread_cond_wait (&binlog.update_cond, &binlog.LOCK_log);
  sent = binlog.events;
  pthread_mutex_unlock (&binlog.LOCK_log);
  return (void *) (long) sent;
}

static void *
client_update (void *unused)
{
  /* ... execute the statement ... */
  pthread_mutex_lock (&binlog.LOCK_log);
  binlog.events++;
  pthread_cond_broadcast (&binlog.update_cond);
  pthread_mutex_unlock (&binlog.LOCK_log);
  return NULL;
}

int
main (void)
{
  pthread_t dump, client;
  pthread_create (&dump, NULL, binlog_dump, NULL);
  pthread_create (&client, NULL, client_update, NULL);
  pthread_join (client, NULL);
  pthread_join (dump, NULL);
  return 0;
}
