/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mysql_791 — modelled on MySQL bug 791 (from McPatom's bug list; Lu et al.'s
 * study of real concurrency bugs uses it as its atomicity-violation example):
 * rotating the binary log closes the log and opens a new file, two updates
 * of the log's state that are meant to be atomic.  A query thread that asks
 * whether the log is open, without the log lock, between the close and the
 * open sees it closed and silently does not log its update, so the binary
 * log (and every replica) misses it.  main checks that every query was
 * logged.
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
  log->log_type = LOG_CLOSED;                   /* [atomicity-violation] [data-race] */
  pthread_mutex_lock (&lock_index);        /* the index file names the new log */
  log->file_no++;
  pthread_mutex_unlock (&lock_index);
  log->log_type = LOG_NORMAL;                   /* [atomicity-violation] */
  pthread_mutex_unlock (&log->lock);
}

static void *
query (void *unused)
{
  /* ... the update itself ... */
  if (binlog.log_type != LOG_CLOSED)            /* [atomicity-violation] [data-race] */
    {
      pthread_mutex_lock (&binlog.lock);
      binlog.entries++;
      pthread_mutex_unlock (&binlog.lock);
    }
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
  assert (binlog.entries == 1);                 /* [assertion] */
  return 0;
}
