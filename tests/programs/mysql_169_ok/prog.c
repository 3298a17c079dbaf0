/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mysql_169_ok — the fix of mysql_169: the table lock is held until the
 * statement is logged, so the log records the statements in the order they
 * changed the table.
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
  *row = op == OP_INSERT;
}

static void *
client (void *arg)
{
  int op = (int) (long) arg;
  pthread_mutex_lock (&table_lock);
  apply (&row_present, op);
  pthread_mutex_lock (&log_lock);
  binlog[nlog++] = op;
  pthread_mutex_unlock (&log_lock);
  pthread_mutex_unlock (&table_lock);
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
  assert (replica == row_present);
  return 0;
}
