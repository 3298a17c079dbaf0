/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mysql_791_ok — the fix of mysql_791: the query thread asks whether the log
 * is open under the log lock, so it never sees the log between the close
 * and the open of a rotation.
 */
#include <assert.h>
#include <pthread.h>

enum { LOG_CLOSED, LOG_NORMAL };

typedef struct {
  pthread_mutex_t lock;
  int log_type;
  int file_no;
  int entries;
} BinLog;

static BinLog binlog = { PTHREAD_MUTEX_INITIALIZER, LOG_NORMAL, 1, 0 };
static pthread_mutex_t lock_index = PTHREAD_MUTEX_INITIALIZER;

static void
new_file (BinLog *log)
{
  pthread_mutex_lock (&log->lock);
  log->log_type = LOG_CLOSED;
  pthread_mutex_lock (&lock_index);        /* the index file names the new log */
  log->file_no++;
  pthread_mutex_unlock (&lock_index);
  log->log_type = LOG_NORMAL;
  pthread_mutex_unlock (&log->lock);
}

static void *
query (void *unused)
{
  pthread_mutex_lock (&binlog.lock);
  if (binlog.log_type != LOG_CLOSED)
    binlog.entries++;
  pthread_mutex_unlock (&binlog.lock);
  return NULL;
}

static void *
rotate (void *unused)
{
  new_file (&binlog);
  return NULL;
}

int
main (void)
{
  pthread_t q, r;
  pthread_create (&q, NULL, query, NULL);
  pthread_create (&r, NULL, rotate, NULL);
  pthread_join (q, NULL);
  pthread_join (r, NULL);
  assert (binlog.entries == 1);
  return 0;
}
