/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mysql_169 — modelled on MySQL bug 169 from ConcBugAssist's list (3
 * threads, an atomicity violation; Lu et al.'s study and AVIO use it): a
 * statement changes the table and then writes itself to the binary log, in
 * two critical sections.  Two clients doing a delete and an insert can
 * change the table in one order and log in the other, so replaying the log
 * (what a replica or a recovery does) gives a different table.  Our model
 * keeps one row; main replays the log and compares.
 */
#include <assert.h>
#include <pthread.h>

enum { OP_INSERT, OP_DELETE };

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static int row_present;
static int binlog[2], nlog;

static void
apply (int *row, int op)
{
  *row = op == OP_INSERT;                       /* [atomicity-violation] */
}

static void *
client (void *arg)
{
  int op = (int) (long) arg;
  pthread_mutex_lock (&table_lock);
  apply (&row_present, op);
  pthread_mutex_unlock (&table_lock);
  pthread_mutex_lock (&log_lock);
  binlog[nlog++] = op;                          /* [atomicity-violation] */
  pthread_mutex_unlock (&log_lock);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, client, (void *) (long) OP_DELETE);
  pthread_create (&b, NULL, client, (void *) (long) OP_INSERT);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  int replica = 0;
  for (int i = 0; i < nlog; i++)
    apply (&replica, binlog[i]);
  assert (replica == row_present);              /* [assertion] */
  return 0;
}
