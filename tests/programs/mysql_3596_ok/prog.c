/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mysql_3596_ok — the fix of mysql_3596: KILL skips a thread whose
 * mysys_var is not set yet (it checks for its abort flag when it starts),
 * and mysys_var is set and read under the thread list's lock.
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
  pthread_mutex_lock (&LOCK_thread_count);
  thd->mysys_var = &connection_var;
  pthread_mutex_unlock (&LOCK_thread_count);
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
        MysysVar *mv = thd->mysys_var;
        if (mv == NULL)
          continue;             /* not started: it sees thd->killed */
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
