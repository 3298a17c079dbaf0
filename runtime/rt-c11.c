/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-c11.c — the C11 <threads.h> API: thrd_*, mtx_*, cnd_*, call_once.
 *
 * glibc implements these on top of its internal pthread functions, called
 * directly rather than through the PLT, so the pthread intercepts never see
 * them: each needs its own intercept.  The events are the pthread ones with
 * AUGUR_FLAG_C11 set; result codes are the C11 ones (thrd_success is 0,
 * like a pthread success, so "non-zero = failed" holds for both).
 */
#include "config.h"

#include "runtime/rt-internal.h"
#include "runtime/rt-sched.h"

#include <errno.h>
#include <threads.h>
#include <time.h>

#include "runtime/rt-thread.h"
#include "runtime/rt-fiber.h"

#define C11 AUGUR_FLAG_C11

RT_DEFINE_REAL (thrd_create, NULL)
RT_DEFINE_REAL (thrd_join, NULL)
RT_DEFINE_REAL (thrd_exit, NULL)
RT_DEFINE_REAL (thrd_detach, NULL)
RT_DEFINE_REAL (mtx_init, NULL)
RT_DEFINE_REAL (mtx_lock, NULL)
RT_DEFINE_REAL (mtx_trylock, NULL)
RT_DEFINE_REAL (mtx_timedlock, NULL)
RT_DEFINE_REAL (mtx_unlock, NULL)
RT_DEFINE_REAL (mtx_destroy, NULL)
RT_DEFINE_REAL (cnd_init, NULL)
RT_DEFINE_REAL (cnd_signal, NULL)
RT_DEFINE_REAL (cnd_broadcast, NULL)
RT_DEFINE_REAL (cnd_wait, NULL)
RT_DEFINE_REAL (cnd_timedwait, NULL)
RT_DEFINE_REAL (cnd_destroy, NULL)
RT_DEFINE_REAL (call_once, NULL)
RT_DEFINE_REAL (thrd_current, NULL)
RT_DEFINE_REAL (tss_create, NULL)
RT_DEFINE_REAL (tss_delete, NULL)
RT_DEFINE_REAL (tss_get, NULL)
RT_DEFINE_REAL (tss_set, NULL)

/* ------------------------------------------------------------------ */
/* Threads */

static int
c11_start (void *data)
{
  return (int) (intptr_t) rt_thread_run (data);
}

RT_EXPORT int
thrd_create (thrd_t *thread, thrd_start_t routine, void *arg)
{
  RtSync op;
  RtStart local;
  RtStart *s = rt_thread_prepare (&op, &local, (const void *) routine, C11, RT_RA ());
  if (s == NULL)
    return get_real_thrd_create () (thread, routine, arg);
  s->c11_fn = routine;
  s->arg = arg;
  if (rt_fibers)
    {
      unsigned long h = 0;
      int r = rt_thread_fiber_create (&op, s, NULL, &h) == 0 ? thrd_success : thrd_nomem;
      if (r == thrd_success)
        *thread = (thrd_t) h;
      return r;
    }
  rt_sync_before (&op);
  rt_thread_numbered (&op, s);
  rt_guard_enter ();
  int r = get_real_thrd_create () (thread, c11_start, s);
  rt_guard_leave ();
  if (r == thrd_success)
    rt_thread_table_set ((unsigned long) *thread, (uint32_t) op.rec.addr); /* s belongs to the child now */
  else
    rt_thread_start_free (s);
  rt_sync_after (&op, r);
  rt_thread_emit_frames ((uintptr_t) __builtin_frame_address (0));
  return r;
}

RT_EXPORT int
thrd_join (thrd_t thread, int *res)
{
  RtSync op;
  if (!rt_sync_begin (&op, AUGUR_EV_THREAD_JOIN, C11, NULL, RT_RA ()))
    return get_real_thrd_join () (thread, res);
  op.rec.addr = rt_thread_table_get ((unsigned long) thread);
  op.untimed = true;
  rt_sync_before (&op);
  int r;
  if (rt_fibers)
    {
      r = thrd_success;
      if (res != NULL)
        *res = (int) (intptr_t) rt_fiber_result ((uint32_t) op.rec.addr);
    }
  else
    {
      rt_guard_enter ();
      r = get_real_thrd_join () (thread, res);
      rt_guard_leave ();
    }
  if (r == thrd_success)
    rt_thread_table_del ((unsigned long) thread);
  rt_sync_after (&op, r);
  return r;
}

RT_EXPORT void
thrd_exit (int res)
{
  if (rt_fibers)
    rt_thread_fiber_exit ((void *) (intptr_t) res, 1, C11, RT_RA ());
  rt_thread_exit_record (1, C11, RT_RA ());
  rt_thread_release_stacks ();
  get_real_thrd_exit () (res);
  __builtin_unreachable ();
}

RT_EXPORT int
thrd_detach (thrd_t thread)
{
  RtSync op;
  if (!rt_sync_begin (&op, AUGUR_EV_THREAD_DETACH, C11, NULL, RT_RA ()))
    return get_real_thrd_detach () (thread);
  op.rec.addr = rt_thread_table_get ((unsigned long) thread);
  rt_sync_before (&op);
  int r = rt_fibers ? thrd_success : get_real_thrd_detach () (thread);
  rt_sync_after (&op, r);
  return r;
}

/* glibc's thrd_current and tss_* call its pthread functions internally:
 * under fibers they must be the fiber's (rt-fiber.h). */
RT_EXPORT thrd_t
thrd_current (void)
{
  if (rt_fibers)
    return (thrd_t) rt_fiber_handle (rt_self.tid);
  return get_real_thrd_current () ();
}

RT_EXPORT int
tss_create (tss_t *key, tss_dtor_t dtor)
{
  int r = get_real_tss_create () (key, dtor);
  if (r == thrd_success)
    rt_thread_key_created ((unsigned) *key, dtor);
  return r;
}

RT_EXPORT void
tss_delete (tss_t key)
{
  get_real_tss_delete () (key);
  rt_thread_key_created ((unsigned) key, NULL);
}

RT_EXPORT void *
tss_get (tss_t key)
{
  if (rt_fibers)
    return rt_fiber_getspecific ((unsigned) key);
  return get_real_tss_get () (key);
}

RT_EXPORT int
tss_set (tss_t key, void *value)
{
  if (rt_fibers)
    return rt_fiber_setspecific ((unsigned) key, value) == 0 ? thrd_success : thrd_error;
  return get_real_tss_set () (key, value);
}

/* ------------------------------------------------------------------ */
/* Mutexes */

RT_EXPORT int
mtx_init (mtx_t *m, int type)
{
  RtSync op;
  if (!rt_sync_begin (&op, AUGUR_EV_MUTEX_INIT, C11, m, RT_RA ()))
    return get_real_mtx_init () (m, type);
  op.rec.arg = (type & mtx_recursive) ? AUGUR_MUTEX_RECURSIVE : AUGUR_MUTEX_NORMAL;
  rt_sync_before (&op);
  int r = get_real_mtx_init () (m, type);
  rt_objset_insert (m);
  rt_sync_after (&op, r);
  return r;
}

#define MTX_BODY(kind, pre, try_kind, call) RT_MUTEX_BODY (kind, C11, pre, try_kind, call)

RT_EXPORT int
mtx_lock (mtx_t *m)
{
  MTX_BODY (AUGUR_EV_MUTEX_LOCK, AUGUR_EV_MUTEX_LOCK_REQ, AUGUR_TRY_BLOCKING,
            get_real_mtx_lock () (m))
}

/* Under the scheduler a timed lock is taken now or times out: the model
 * says which, the real trylock takes it (rt_sched_timed_busy); a timeout
 * moves the clock on past @abstime once the lock's step is done. */
static int
sched_mtx_timedlock (mtx_t *m, const struct timespec *abstime, uintptr_t ra)
{
  int busy = rt_sched_timed_busy (m, RT_TIMED_MUTEX);
  if (busy == ETIMEDOUT)
    {
      rt_sched_timeout_owed (CLOCK_REALTIME, abstime, ra);
      return thrd_timedout;
    }
  return busy != 0 ? thrd_error : get_real_mtx_trylock () (m);
}

RT_EXPORT int
mtx_timedlock (mtx_t *restrict m, const struct timespec *restrict abstime)
{
  MTX_BODY (AUGUR_EV_MUTEX_TIMEDLOCK, AUGUR_EV_MUTEX_LOCK_REQ, AUGUR_TRY_TIMED,
            rt_sched_is_on () ? sched_mtx_timedlock (m, abstime, ra)
                              : get_real_mtx_timedlock () (m, abstime))
}

RT_EXPORT int
mtx_trylock (mtx_t *m)
{
  MTX_BODY (AUGUR_EV_MUTEX_TRYLOCK, 0, AUGUR_TRY_TRY,
            rt_sched_held_by_other (m) ? thrd_busy : get_real_mtx_trylock () (m))
}

RT_EXPORT int
mtx_unlock (mtx_t *m)
{
  MTX_BODY (AUGUR_EV_MUTEX_UNLOCK, 0, 0, get_real_mtx_unlock () (m))
}

RT_EXPORT void
mtx_destroy (mtx_t *m)
{
  RtSync op;
  uintptr_t ra = RT_RA ();
  if (!rt_sync_begin (&op, AUGUR_EV_MUTEX_DESTROY, C11, m, ra))
    {
      get_real_mtx_destroy () (m);
      return;
    }
  rt_mutex_note_use (m, C11, ra);
  rt_sync_before (&op);
  get_real_mtx_destroy () (m);
  rt_objset_remove (m);
  rt_sync_after (&op, thrd_success);
}

/* ------------------------------------------------------------------ */
/* Condition variables */

#define CND_BODY(kind, call) RT_SYNC_BODY (kind, C11, c, 0, call)

/* The scheduler's emulated wait answers in errno terms. */
static inline int
thrd_result_of (int e)
{
  return e == 0 ? thrd_success : e == ETIMEDOUT ? thrd_timedout : thrd_error;
}

/* @timed: until @abstime (TIME_UTC: CLOCK_REALTIME) */
#define CND_WAIT_BODY(timed, abstime, call) \
  RT_COND_WAIT_BODY (C11, timed, abstime, CLOCK_REALTIME, thrd_result_of, call)

RT_EXPORT int
cnd_init (cnd_t *c)
{
  CND_BODY (AUGUR_EV_COND_INIT, get_real_cnd_init () (c))
}

RT_EXPORT int
cnd_signal (cnd_t *c)
{
  CND_BODY (AUGUR_EV_COND_SIGNAL, get_real_cnd_signal () (c))
}

RT_EXPORT int
cnd_broadcast (cnd_t *c)
{
  CND_BODY (AUGUR_EV_COND_BROADCAST, get_real_cnd_broadcast () (c))
}

RT_EXPORT int
cnd_wait (cnd_t *c, mtx_t *m)
{
  CND_WAIT_BODY (0, NULL, get_real_cnd_wait () (c, m))
}

RT_EXPORT int
cnd_timedwait (cnd_t *restrict c, mtx_t *restrict m, const struct timespec *restrict abstime)
{
  CND_WAIT_BODY (1, abstime, get_real_cnd_timedwait () (c, m, abstime))
}

RT_EXPORT void
cnd_destroy (cnd_t *c)
{
  RtSync op;
  if (!rt_sync_begin (&op, AUGUR_EV_COND_DESTROY, C11, c, RT_RA ()))
    {
      get_real_cnd_destroy () (c);
      return;
    }
  rt_sync_before (&op);
  get_real_cnd_destroy () (c);
  rt_sync_after (&op, 0);
}

/* ------------------------------------------------------------------ */
/* call_once */

static int
call_c11_once (void *control, void (*routine) (void))
{
  get_real_call_once () (control, routine);
  return 0;
}

RT_EXPORT void
call_once (once_flag *flag, void (*routine) (void))
{
  rt_once (flag, routine, C11, RT_RA (), call_c11_once);
}
