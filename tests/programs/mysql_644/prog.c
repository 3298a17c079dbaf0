/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mysql_644 — after the mysql-644 program of ConcBugAssist's evaluation (its
 * Table 1: MySQL bug 644, from Lu et al.'s study, 3 threads, an order
 * violation).  We do not recall the report's details; our scenario is an
 * order violation of that kind in the MySQL server: the binary log dump
 * thread, which sends new log events to a replica, waits on the log's
 * "updated" condition for the next event without first checking whether
 * one has already been written.  The waiting is meant to come before the
 * writer's signal; if a client's update is logged and signalled first, the
 * signal is lost and the dump thread waits forever, so the replica stalls
 * (here the program hangs).
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
  pthread_cond_wait (&binlog.update_cond, &binlog.LOCK_log);  /* [deadlock] */
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
