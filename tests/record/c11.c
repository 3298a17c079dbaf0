/* SPDX-License-Identifier: GPL-3.0-or-later
 * c11.c — the C11 <threads.h> API: thrd_create/join/exit/detach, mutexes
 * (plain, recursive, timed), condition variables, call_once. */
#include <threads.h>
#include "record-util.h"

static mtx_t plain, rec, timed;
static cnd_t cv;
static once_flag flag = ONCE_FLAG_INIT;
int ready, once_runs, value;
static volatile pid_t gone_tid;

static void
once_routine (void)
{
  once_runs++;
}

static int
returns (void *arg)
{
  value = 1;
  return 5;
}

static void
quit (void)
{
  thrd_exit (6);
}

static int
exits (void *arg)
{
  value = 2;
  quit ();
  return 0;
}

static int
finishes (void *arg)
{
  publish_tid (&gone_tid);
  value = 3;
  return 0;
}

static int
busy (void *arg)
{
  struct timespec when = past ();
  if (mtx_trylock (&timed) != thrd_busy)
    return 1;
  if (mtx_timedlock (&timed, &when) != thrd_timedout)
    return 2;
  call_once (&flag, once_routine);
  return 0;
}

static int
waiter (void *arg)
{
  mtx_lock (&plain);
  while (!ready)
    cnd_wait (&cv, &plain);
  mtx_unlock (&plain);
  return 0;
}

int
main (void)
{
  thrd_t t;
  int res;
  struct timespec when = past ();

  t = spawn_c11 (returns, NULL);
  thrd_join (t, &res);
  if (res != 5)
    return 10;
  t = spawn_c11 (exits, NULL);
  thrd_join (t, &res);
  if (res != 6)
    return 11;
  t = spawn_c11 (finishes, NULL);
  wait_thread_gone (&gone_tid);
  if (thrd_detach (t) != thrd_success)
    return 12;

  mtx_init (&plain, mtx_plain);
  mtx_init (&rec, mtx_plain | mtx_recursive);
  mtx_init (&timed, mtx_timed);
  cnd_init (&cv);

  mtx_lock (&rec);
  mtx_lock (&rec);
  mtx_unlock (&rec);
  mtx_unlock (&rec);

  call_once (&flag, once_routine);
  mtx_lock (&timed);
  t = spawn_c11 (busy, NULL);
  thrd_join (t, &res);
  mtx_unlock (&timed);
  if (res != 0)
    return 13;

  mtx_lock (&plain);
  if (cnd_timedwait (&cv, &plain, &when) != thrd_timedout)
    return 14;
  mtx_unlock (&plain);
  cnd_signal (&cv);

  t = spawn_c11 (waiter, NULL);
  wait_cond_waiters (&cv, 1);
  mtx_lock (&plain);
  ready = 1;
  cnd_broadcast (&cv);
  mtx_unlock (&plain);
  thrd_join (t, &res);

  cnd_destroy (&cv);
  mtx_destroy (&plain);
  mtx_destroy (&rec);
  mtx_destroy (&timed);
  return once_runs == 1 ? 0 : 15;
}
