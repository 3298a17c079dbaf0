/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mysql_3596 — after the mysql-3596 program of ConcBugAssist's evaluation
 * (its Table 1: MySQL bug 3596, from Lu et al.'s study, 3 threads, an order
 * violation).  We do not recall the report's details; our scenario is an
 * order violation of that kind in the MySQL server: a new connection's
 * thread object is put in the server's thread list when the connection is
 * accepted, but its mysys_var (what KILL uses to wake the thread) is set
 * only once the connection thread runs.  A KILL arriving in between finds
 * the thread in the list and dereferences the unset mysys_var.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

typedef struct {
  pthread_mutex_t mutex;
  int abort;
} MysysVar;

typedef struct {
  int thread_id;
  int killed;
  MysysVar *mysys_var;
} THD;

static pthread_mutex_t LOCK_thread_count = PTHREAD_MUTEX_INITIALIZER;
static THD *threads[1];
static int thread_count;
static MysysVar connection_var = { PTHREAD_MUTEX_INITIALIZER, 0 };

static void *
handle_one_connection (void *arg)
{
  THD *thd = arg;
  thd->mysys_var = &connection_var;             /* [data-race] */
  /* ... authenticate, then run the client's statements ... */
  return NULL;
}

static void *
kill_thread (void *unused)
{
  pthread_mutex_lock (&LOCK_thread_count);
  for (int k = 0; k < thread_count; k++)
    if (threads[k]->thread_id == 1)
      {
        THD *thd = threads[k];
        thd->killed = 1;
        MysysVar *mv = thd->mysys_var;          /* [data-race] */
        assert (mv != NULL);                    /* [assertion] */
        pthread_mutex_lock (&mv->mutex);
        mv->abort = 1;
        pthread_mutex_unlock (&mv->mutex);
      }
  pthread_mutex_unlock (&LOCK_thread_count);
  return NULL;
}

int
main (void)
{
  pthread_t conn, killer;
  THD *thd = calloc (1, sizeof *thd);
  thd->thread_id = 1;
  pthread_mutex_lock (&LOCK_thread_count);
  threads[thread_count++] = thd;
  pthread_mutex_unlock (&LOCK_thread_count);
  pthread_create (&conn, NULL, handle_one_connection, thd);
  pthread_create (&killer, NULL, kill_thread, NULL);
  pthread_join (conn, NULL);
  pthread_join (killer, NULL);
  free (thd);
  return 0;
}
