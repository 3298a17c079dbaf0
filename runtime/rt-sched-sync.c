/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sched-sync.c — the controlled scheduler's model of the
 * synchronisation objects (rt-sched-private.h): who owns each mutex, the
 * readers of each rwlock, the waiters of each condition variable and
 * barrier, which pthread_once routine runs; the misuses of the API it
 * sees on the way.
 *
 * Blocking is decided here, never by the OS: a real call is made only
 * once the model says it will not block.  Condition waits and barrier
 * waits are not passed to libc at all: they are split into two steps
 * (WAIT = release the mutex and enqueue, WAKE = signalled and the mutex
 * re-acquired; ARRIVE, LEAVE) and emulated, so that a signal sent before
 * the wait is lost, as it is in libc.  A condition wait may also wake up
 * without a signal (POSIX allows spurious wake-ups; a waiter that tests
 * its condition with `if` instead of `while` is a real bug), or time out
 * if it is timed: at most once until a signal wakes it (or the clock
 * moves on, rt-sched-await.c), so that a loop around a wait stays finite.
 * A timed wait that may time out has a step for its timeout between the
 * two (rt_sched_cond_timeout), which needs no mutex: it may come while
 * another thread holds it, after that thread changed the state and
 * before its signal, which then goes to another waiter, as POSIX allows
 * and glibc does; run after the signal, the step leaves the wake-up to
 * take it.
 *
 * A mutex first seen in use without an init (PTHREAD_MUTEX_INITIALIZER
 * and its recursive and error-checking variants) gets its type from
 * glibc's own field in the object.
 *
 * What the model does for a call is its row of sync_model[], one per event
 * kind: the rule that says whether its pending step may run, and the hooks
 * that make its step and update the model before and after the real call.
 * The step itself is the operation table's (common/augur-ops.c): a new
 * primitive is one row there and one here.
 */
#include "config.h"

#include "runtime/rt-sched-private.h"
#include "runtime/rt-fiber.h"

#include "common/augur-ops.h"

#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* Objects: open addressing by address (execution-private memory). */

#define NOBJ 4096u
static RtSObj objs[NOBJ];
/* slots in use, so that the end of an execution does not walk (and fault
 * in) the whole table */
static uint16_t objs_used[NOBJ];
static uint32_t n_objs_used;
static uint64_t wait_seq;

void
rt_sched_sync_reset (void)
{
  /* executions start from a fresh fork or a restored snapshot: the
   * tables are empty already */
  wait_seq = 0;
}

/* glibc's mutex kind, in the object (pthread_mutex_t.__data.__kind): a
 * statically initialised mutex carries it from its initialiser. */
static uint8_t
mutex_type_in_memory (uint64_t addr)
{
  const pthread_mutex_t *m = (const pthread_mutex_t *) (uintptr_t) addr;
  switch (m->__data.__kind & 3)
    {
    case PTHREAD_MUTEX_RECURSIVE_NP:
      return AUGUR_MUTEX_RECURSIVE;
    case PTHREAD_MUTEX_ERRORCHECK_NP:
      return AUGUR_MUTEX_ERRORCHECK;
    default:
      return AUGUR_MUTEX_DEFAULT;
    }
}

/* o, as a new object of @kind at @addr */
static void
fresh_obj (RtSObj *o, uint64_t addr, int kind)
{
  memset (o, 0, sizeof *o);
  o->addr = addr;
  o->kind = (uint8_t) kind;
  o->owner = RT_NONE;
  o->type = AUGUR_MUTEX_DEFAULT;
}

/* A lookup with a kind is a call's, on memory the program is about to
 * use: a destroyed object whose bytes the program wrote since
 * (rt-sched-destroy.c), a local whose frame returned (rt-sched-frame.c),
 * is a new object there.  Not one in a freed block: its bytes are the
 * allocator's then (glibc's free, and a thread's exit, write its lists
 * there), and the call is a use of the dead object (rt-sched-heap.c). */
RtSObj *
rt_sched_obj (uint64_t addr, int kind)
{
  uint32_t h = (uint32_t) ((addr * 0x9e3779b97f4a7c15ull) >> 52) & (NOBJ - 1);
  for (uint32_t k = 0; k < NOBJ; k++)
    {
      RtSObj *o = &objs[(h + k) & (NOBJ - 1)];
      if (o->addr == addr && o->kind != RT_OBJ_FREE)
        {
          if (RT_UNLIKELY (o->destroy_state != RT_DESTROY_LIVE || o->frame_gen != 0)
              && kind != RT_OBJ_FREE
              && (rt_sched_frame_ended (o) || (!o->in_freed && rt_sched_destroy_rewritten (o))))
            fresh_obj (o, addr, kind);
          return o;
        }
      if (o->kind == RT_OBJ_FREE)
        {
          if (kind == RT_OBJ_FREE)
            return NULL;
          fresh_obj (o, addr, kind);
          objs_used[n_objs_used++] = (uint16_t) ((h + k) & (NOBJ - 1));
          return o;
        }
    }
  return NULL;
}

/* The objects the model knew in [lo, lo + size), a block handed out
 * again, are new ones: a lock freed with its block, never destroyed, is
 * not the lock of the block's next life. */
void
rt_sched_objs_reborn (uint64_t lo, size_t size)
{
  for (uint32_t u = 0; u < n_objs_used; u++)
    {
      RtSObj *o = &objs[objs_used[u]];
      if (o->kind != RT_OBJ_FREE && o->addr - lo < size)
        fresh_obj (o, o->addr, o->kind);
    }
}

RtSObj *
rt_sched_obj_nth (uint32_t u)
{
  return u < n_objs_used ? &objs[objs_used[u]] : NULL;
}

/* The mutex at addr for a pthread mutex operation: its type read from
 * the object the first time (static initialisers). */
static RtSObj *
mutex_obj (uint64_t addr, uint8_t ev_kind)
{
  RtSObj *o = rt_sched_obj (addr, RT_OBJ_MUTEX);
  if (o != NULL && !o->type_known)
    {
      o->type_known = 1;
      if (augur_ops_event (ev_kind)->object != AUGUR_OPS_OBJ_SPIN)   /* a spinlock is an int */
        o->type = mutex_type_in_memory (addr);
    }
  return o;
}

void
rt_sched_misuse (uint32_t kind, uint32_t tid, uint32_t pc, uint8_t module, uint64_t obj)
{
  AugurSchedShm *shm = rt_sched_shm;
  uint32_t n = shm->n_misuse;
  if (n >= AUGUR_SCHED_MAX_MISUSE)
    return;
  AugurSchedMisuse *m = &shm->misuse[n];
  m->kind = kind;
  m->step = shm->n_steps ? shm->n_steps - 1 : 0;
  m->tid = tid;
  m->pc = pc;
  m->module = module;
  m->obj = obj;
  shm->n_misuse = n + 1;
}

/* A use of an object (lock, unlock, wait, signal): after a destroy it is
 * a misuse; the first use of a mutex is remembered, for an init that
 * comes after it. */
static void
note_use (RtSObj *o, const AugurSchedStep *s)
{
  if (o == NULL)
    return;
  if (o->destroyed)
    {
      o->destroyed = 0;   /* once */
      rt_sched_misuse (AUGUR_MISUSE_USE_AFTER_DESTROY, rt_self.tid, s->pc, s->module, o->addr);
    }
  o->used = 1;
}

/* ------------------------------------------------------------------ */
/* Enabledness */

static int
sem_value (uint64_t addr)
{
  int v = 0;
  rt_guard_enter ();
  sem_getvalue ((sem_t *) (uintptr_t) addr, &v);
  rt_guard_leave ();
  return v;
}

/* May thread t wake from its condition wait without a signal: timeouts
 * (1), at most once until a signal wakes it, or again once the clock moved
 * on since the wait began; spurious wake-ups (2, unless turned off), at
 * most once until a signal wakes it.  A thread that could only wake up
 * spuriously does not keep the others from a deadlock (rt-sched.c): POSIX
 * allows the wake-up, nothing makes it happen. */
static int
may_wake_unsignalled (const RtSThread *s)
{
  const AugurSchedShm *shm = rt_sched_shm;
  int timed = (s->pending.flags & AUGUR_SF_TIMED) != 0;
  if (timed)
    return !s->no_unsignalled || shm->clock_jumps > s->wait_jumps;
  if (shm->flags2 & AUGUR_SCHED_F2_NO_SPURIOUS)
    return 0;
  return s->no_unsignalled ? 0 : 2;
}

/* ------------------------------------------------------------------ */
/* pthread_once */

/* pthread_once's routine starts and ends in the calling thread, which holds
 * the token: while it runs, the other callers of that once are blocked;
 * when it returns, their ONCE steps are ordered after its last step
 * (AUGUR_SF_ONCE_DONE, set when the step is logged). */
void
rt_sched_once_begin (const void *control)
{
  uint32_t me = rt_self.tid;
  if (!rt_sched_is_on () || me >= RT_MAXT)
    return;
  RtSObj *o = rt_sched_obj ((uint64_t) (uintptr_t) control, RT_OBJ_OTHER);
  if (o != NULL)
    o->owner = me;
}

void
rt_sched_once_end (const void *control)
{
  uint32_t me = rt_self.tid;
  if (!rt_sched_is_on () || me >= RT_MAXT)
    return;
  RtSObj *o = rt_sched_obj ((uint64_t) (uintptr_t) control, RT_OBJ_OTHER);
  if (o != NULL)
    {
      o->owner = RT_NONE;
      o->count = rt_sth[me].last_step + 1;
    }
}

/* ------------------------------------------------------------------ */
/* The model of each call: one row per event kind (sync_model below) */

typedef struct RtSyncModel RtSyncModel;

/* When an acquisition does not block but fails instead (try_when). */
enum {
  TRY_NEVER = 0,
  TRY_ALWAYS,               /* a trylock */
  TRY_IF_TRY,               /* when its aux is AUGUR_TRY_TRY */
  TRY_UNLESS_BLOCKING,      /* unless its aux is AUGUR_TRY_BLOCKING: a timed wait too */
};

/* What the scheduler does for a call.  The step it makes is the table's
 * (common/augur-ops.c, the event's sop; AUGUR_SOP_NONE: none); a hook left
 * out does nothing.  A call with no row makes its step and nothing else. */
struct RtSyncModel {
  uint8_t  try_when;        /* TRY_*: the step is a try_op (rt_sched_point) */
  uint8_t  obj;             /* the model's object it creates or looks up (RT_OBJ_*) */
  uint8_t  timed;           /* its step is AUGUR_SF_TIMED */
  uint8_t  marks_destroyed; /* a destroy after which a use is a misuse */
  uint8_t  any_thread;      /* `after` runs for threads the scheduler does not know too */
  uint32_t uninit;          /* the misuse of a use without an init (AUGUR_MISUSE_UNINIT_*),
                             * 0: not checked */
  /* may thread t, whose pending step is this call's, take it: 0 no, 1 yes,
   * 2 only by a spurious wake-up (rt_sched_obj_enabled) */
  int (*enabled) (uint32_t t, RtSThread *th, const AugurSchedStep *p);
  /* fills in the step before it is published; 0: it took its step itself,
   * or none (the rest of the model is skipped) */
  int (*prepare) (RtSync *op, AugurSchedStep *s);
  /* once it is the caller's turn, before the real call */
  void (*before) (RtSync *op, const RtSyncModel *m, const AugurSchedStep *s, uint32_t me);
  /* after the real call returned @result; @s: the caller's step */
  void (*after) (RtSync *op, const RtSyncModel *m, AugurSchedStep *s, int64_t result, uint32_t me);
};

static int
try_op_of (const RtSyncModel *m, uint32_t aux)
{
  switch (m->try_when)
    {
    case TRY_ALWAYS:
      return 1;
    case TRY_IF_TRY:
      return aux == AUGUR_TRY_TRY;
    case TRY_UNLESS_BLOCKING:
      return aux != AUGUR_TRY_BLOCKING;
    default:
      return 0;
    }
}

/* The model's object of the call at addr: a mutex with its type read from
 * the object the first time. */
static RtSObj *
model_obj (const RtSyncModel *m, uint64_t addr, uint8_t ev_kind)
{
  return m->obj == RT_OBJ_MUTEX ? mutex_obj (addr, ev_kind) : rt_sched_obj (addr, m->obj);
}

/* ---- enabled: may the pending step run ---- */

/* May thread t's lock of the mutex at @addr go ahead (it is free, or t
 * holds it and it is recursive or error-checking: taken again, or
 * refused)?  *@errcheck: the latter, error-checking. */
static int
mutex_takes (uint32_t t, uint64_t addr, uint8_t ev_kind, int *errcheck)
{
  *errcheck = 0;
  RtSObj *o = rt_sched_obj (addr, RT_OBJ_FREE);
  if (o == NULL || o->owner == RT_NONE)
    return 1;
  if (o->owner != t)
    return 0;
  if (!o->type_known && o->kind == RT_OBJ_MUTEX)
    o = mutex_obj (addr, ev_kind);
  *errcheck = o->type == AUGUR_MUTEX_ERRORCHECK;
  return o->type == AUGUR_MUTEX_RECURSIVE || o->type == AUGUR_MUTEX_ERRORCHECK;
}

/* Is the rwlock at @addr free for a read (or @write) lock? */
static int
rwlock_takes (uint64_t addr, int write)
{
  RtSObj *o = rt_sched_obj (addr, RT_OBJ_FREE);
  return o == NULL || (o->owner == RT_NONE && (!write || o->count == 0));
}

static int
lock_enabled (uint32_t t, RtSThread *s, const AugurSchedStep *p)
{
  int errcheck;
  return s->try_op || mutex_takes (t, p->obj, p->ev_kind, &errcheck);
}

static int
rdlock_enabled (uint32_t t, RtSThread *s, const AugurSchedStep *p)
{
  return s->try_op || rwlock_takes (p->obj, 0);
}

static int
wrlock_enabled (uint32_t t, RtSThread *s, const AugurSchedStep *p)
{
  return s->try_op || rwlock_takes (p->obj, 1);
}

/* a condition wait's wake-up: signalled (or unsignalled), and its mutex free */
static int
wake_enabled (uint32_t t, RtSThread *s, const AugurSchedStep *p)
{
  int how = s->wait_timed_out || rt_sched_cond_woken (t) ? 1 : may_wake_unsignalled (s);
  if (how == 0)
    return 0;
  RtSObj *o = rt_sched_obj (p->arg, RT_OBJ_FREE);
  return o == NULL || o->owner == RT_NONE ? how : 0;
}

static int
sem_wait_enabled (uint32_t t, RtSThread *s, const AugurSchedStep *p)
{
  return s->try_op || sem_value (p->obj) > 0;
}

static int
barrier_leave_enabled (uint32_t t, RtSThread *s, const AugurSchedStep *p)
{
  return s->barrier_released;
}

static int
join_enabled (uint32_t t, RtSThread *s, const AugurSchedStep *p)
{
  return s->try_op || p->arg >= RT_MAXT || rt_sth[p->arg].state != AUGUR_STH_ENABLED;
}

/* sigwait waits for a signal of its set (a poll never blocks) */
static int
sigwait_enabled (uint32_t t, RtSThread *s, const AugurSchedStep *p)
{
  return s->try_op || rt_sched_sig_waitable (t, p->arg) != 0;
}

/* pthread_once waits while another thread runs the routine */
static int
once_enabled (uint32_t t, RtSThread *s, const AugurSchedStep *p)
{
  RtSObj *o = rt_sched_obj (p->obj, RT_OBJ_FREE);
  return o == NULL || o->owner == RT_NONE || o->owner == t;
}

/* ---- prepare: the step ---- */

/* a thread operation: arg is the peer's id (a creation's is taken at its
 * step), no object */
static int
peer_prepare (RtSync *op, AugurSchedStep *s)
{
  s->arg = op->rec.addr;
  s->obj = 0;
  return 1;
}

/* A join of a thread joined already, or of the caller itself: a step
 * that waits for nothing (the real call returns ESRCH or EDEADLK, as
 * glibc's does, and the thread goes on), and a misuse. */
static int
join_prepare (RtSync *op, AugurSchedStep *s)
{
  peer_prepare (op, s);
  int self = op->rec.addr == rt_self.tid;
  if (op->rec.addr != RT_TID_NONE && !self)
    {
      if (op->rec.aux != AUGUR_TRY_BLOCKING)
        s->xflags |= AUGUR_SXF_TRY;   /* a tryjoin, a timedjoin: rt-sched-join.c */
      return 1;
    }
  s->arg = RT_NONE;
  rt_sched_point (s, 0);
  rt_sched_misuse (self ? AUGUR_MISUSE_SELF_JOIN : AUGUR_MISUSE_DOUBLE_JOIN, rt_self.tid, s->pc,
                   s->module, 0);
  return 0;
}

void
rt_sched_double_join (void)
{
  AugurSchedStep *s = rt_sched_my_step ();
  if (s != NULL)
    rt_sched_misuse (AUGUR_MISUSE_DOUBLE_JOIN, rt_self.tid, s->pc, s->module, 0);
}

/* before the real free: the block may be handed out again at once */
static int
free_prepare (RtSync *op, AugurSchedStep *s)
{
  /* a block freed before any step touched it names nothing and races with
   * nothing: its allocation goes from the log (the allocation numbers
   * still count it), no step, so that free(malloc()) loops neither fill
   * the log nor the steps */
  if (rt_sched_last_alloc_untouched (op->rec.addr))
    {
      rt_sched_shm->n_objects--;
      return 0;
    }
  /* a write of the whole block */
  s->size = (uint32_t) (op->rec.arg > UINT32_MAX ? UINT32_MAX : (op->rec.arg ? op->rec.arg : 1));
  /* not a data race of its own: a use on the wrong side of it is a use
   * after free (explorer/memcheck.c) */
  s->flags = AUGUR_SF_ATOMIC | AUGUR_SF_RANGE;
  s->xflags = AUGUR_SXF_FREE;
  /* a free that libc (or any code augur-cc did not build) makes for itself
   * may come with one of libc's own locks held (localtime_r frees under
   * its time-zone lock): a switch to a thread that then waits for that
   * lock, which augur cannot see, would stop the execution, so the
   * scheduler never switches away right before it (FOREIGN).  A free the
   * runtime calls for the program (free as a TSD destructor) is the
   * program's. */
  if (!rt_module_instrumented (op->ra) && !rt_module_is_runtime (op->ra))
    s->xflags |= AUGUR_SXF_FOREIGN;
  rt_sched_point (s, 0);
  rt_sched_free_waited (op->rec.addr, op->rec.arg, rt_self.tid);
  rt_sched_object (op->rec.kind, op->rec.tid, 0, op->rec.addr, 0);
  return 0;
}

/* ---- before: the model's state at the caller's turn ---- */

static void
create_before (RtSync *op, const RtSyncModel *m, const AugurSchedStep *s, uint32_t me)
{
  /* the child's number, in the order of the creation steps
   * (runtime/rt-thread.h) */
  uint32_t c = rt_thread_new_tid ();
  op->rec.addr = c;
  AugurSchedStep *mine = rt_sched_my_step ();
  if (mine != NULL && mine->op == AUGUR_SOP_CREATE && mine->arg == RT_TID_NONE)
    mine->arg = c;
  if (c >= RT_MAXT)
    rt_sched_end_now (AUGUR_SST_TOO_MANY_THREADS, 1);
  rt_sched_thread_created (c, s->pc, s->module);
  /* a new thread blocks the signals its creator blocks */
  if (c < RT_MAXT && me < RT_MAXT)
    rt_sth[c].sigmask = rt_sth[me].sigmask;
  rt_sched_clock_inherit (c, me);
}

static RtSObj *
use_obj (RtSync *op, const RtSyncModel *m, const AugurSchedStep *s)
{
  RtSObj *o = model_obj (m, s->obj, op->rec.kind);
  if (m->uninit != 0)
    rt_sched_check_initialised (o, m->uninit, s);
  note_use (o, s);
  return o;
}

static void
use_before (RtSync *op, const RtSyncModel *m, const AugurSchedStep *s, uint32_t me)
{
  use_obj (op, m, s);
}

/* The thread whose unlock unlock_before refused, until its call asks
 * (rt_sched_unlock_refused): nothing runs between the two. */
static uint32_t refused_unlock = RT_NONE;

static void
unlock_before (RtSync *op, const RtSyncModel *m, const AugurSchedStep *s, uint32_t me)
{
  RtSObj *o = use_obj (op, m, s);
  if (o->owner == me)
    {
      if (rt_sth[me].held > 0)
        rt_sth[me].held--;
      if (--o->count == 0)
        o->owner = RT_NONE;
      return;
    }
  /* the unlock after a lock that failed (a destroyed mutex: the use after
   * destroy is the finding) is no double unlock of its own */
  if (o->owner == RT_NONE && o->lock_failed)
    o->lock_failed = 0;
  else
    rt_sched_misuse (o->owner == RT_NONE ? AUGUR_MISUSE_UNLOCK_UNLOCKED
                                         : AUGUR_MISUSE_UNLOCK_NOT_OWNER,
                     me, s->pc, s->module, s->obj);
  /* an error-checking or recursive mutex refuses it (EPERM) and stays as
   * it is (unlock_after); glibc releases a normal one whoever unlocks it */
  if (augur_ops_event (op->rec.kind)->object != AUGUR_OPS_OBJ_SPIN
      && (o->type == AUGUR_MUTEX_ERRORCHECK || o->type == AUGUR_MUTEX_RECURSIVE))
    {
      refused_unlock = me;
      return;
    }
  if (o->owner != RT_NONE && rt_sth[o->owner].held >= o->count)
    rt_sth[o->owner].held -= o->count;
  o->owner = RT_NONE;
  o->count = 0;
}

static void
signal_waiters (RtSync *op, const RtSyncModel *m, const AugurSchedStep *s, uint32_t me, int all)
{
  use_obj (op, m, s);
  /* a signal's waiter is the candidate whose wake-up takes it
   * (rt-sched-condsig.c) */
  if (rt_sched_cond_signal (s->obj, ++wait_seq, rt_sth[me].last_step + 1, all) == 0)
    rt_sched_my_step ()->xflags |= AUGUR_SXF_NO_WAITER;
}

static void
signal_before (RtSync *op, const RtSyncModel *m, const AugurSchedStep *s, uint32_t me)
{
  signal_waiters (op, m, s, me, 0);
}

static void
broadcast_before (RtSync *op, const RtSyncModel *m, const AugurSchedStep *s, uint32_t me)
{
  signal_waiters (op, m, s, me, 1);
}

/* An init: the object starts afresh (initialising a lock in use, or one
 * already used without an init, is a misuse). */
static RtSObj *
init_obj (const RtSyncModel *m, const AugurSchedStep *s, uint32_t me)
{
  int kind = m->obj;
  RtSObj *o = rt_sched_obj (s->obj, kind);
  if (o == NULL)
    return NULL;
  /* a thread locked it before the init ran */
  if ((kind == RT_OBJ_MUTEX || kind == RT_OBJ_RWLOCK)
      && (o->owner != RT_NONE || o->count != 0 || (o->used && !o->destroyed)))
    rt_sched_misuse (AUGUR_MISUSE_INIT_IN_USE, me, s->pc, s->module, s->obj);
  o->kind = (uint8_t) kind;
  o->frame_gen = 0;   /* a new object, maybe of a new frame: bound again */
  o->frame_tried = 0;
  o->init_seen = 1;
  o->used = 0;
  o->destroyed = 0;
  o->destroy_state = RT_DESTROY_LIVE;
  o->owner = RT_NONE;
  o->count = 0;
  o->cond_mutex = 0;
  o->arrived = 0;
  return o;
}

static void
init_before (RtSync *op, const RtSyncModel *m, const AugurSchedStep *s, uint32_t me)
{
  init_obj (m, s, me);
}

/* a pthread mutex: its type, and where it was made (rt_sched_check_not_destroyed) */
static void
mutex_init_before (RtSync *op, const RtSyncModel *m, const AugurSchedStep *s, uint32_t me)
{
  RtSObj *o = init_obj (m, s, me);
  if (o == NULL)
    return;
  o->type = (uint8_t) op->rec.arg;
  o->type_known = 1;
  o->inited = 1;
  o->init_pc = s->pc;
  o->init_module = s->module;
  o->init_tid = me;
}

static void
destroy_before (RtSync *op, const RtSyncModel *m, const AugurSchedStep *s, uint32_t me)
{
  if (m->uninit != 0)
    rt_sched_check_initialised (model_obj (m, s->obj, op->rec.kind), m->uninit, s);
  RtSObj *o = model_obj (m, s->obj, op->rec.kind);
  if (o == NULL)
    return;
  /* a barrier's arrivals of the round not yet complete are threads
   * blocked at it; those it released may still be leaving (glibc's
   * destroy waits for them) */
  int busy = (o->kind == RT_OBJ_MUTEX && o->owner != RT_NONE)
             || (o->kind == RT_OBJ_RWLOCK && (o->owner != RT_NONE || o->count != 0))
             || (o->kind == RT_OBJ_BARRIER && o->arrived != 0);
  if (o->kind == RT_OBJ_COND)
    for (uint32_t t = 0; t < rt_sched_n_threads && !busy; t++)
      busy = rt_sth[t].state == AUGUR_STH_ENABLED && rt_sth[t].wait_cond == s->obj;
  if (busy)
    rt_sched_misuse (o->kind == RT_OBJ_COND      ? AUGUR_MISUSE_DESTROY_WAITED
                     : o->kind == RT_OBJ_BARRIER ? AUGUR_MISUSE_DESTROY_WAITED_BARRIER
                                                 : AUGUR_MISUSE_DESTROY_HELD,
                     me, s->pc, s->module, s->obj);
  else
    rt_sched_destroy_check (o, s, op->rec.kind, me);
  o->inited = 0;
  if (m->marks_destroyed)
    o->destroyed = 1;
}

/* ---- after: the call's result ---- */

static void
destroy_after (RtSync *op, const RtSyncModel *m, AugurSchedStep *s, int64_t result, uint32_t me)
{
  rt_sched_destroy_done (rt_sched_obj (op->rec.addr, RT_OBJ_FREE), op->rec.kind, result);
}

static void
create_after (RtSync *op, const RtSyncModel *m, AugurSchedStep *s, int64_t result, uint32_t me)
{
  uint32_t c = (uint32_t) op->rec.addr;
  if (result != 0)
    {
      rt_sth[c].state = AUGUR_STH_UNUSED;
      s->flags |= AUGUR_SF_FAILED;
      return;
    }
  /* the child runs to its first visible operation, then parks */
  if (rt_fibers)
    rt_fiber_switch (me, c);
  while (!__atomic_load_n (&rt_sth[c].parked, __ATOMIC_ACQUIRE))
    rt_sys_futex (&rt_sth[c].parked, FUTEX_WAIT_PRIVATE, 0);
}

/* a joined or detached thread is accounted for: once it ended, main's
 * return is no misuse (rt_sched_main_return) */
static void
accounted_after (RtSync *op, const RtSyncModel *m, AugurSchedStep *s, int64_t result, uint32_t me)
{
  if (result == 0 && op->rec.addr < RT_MAXT)
    rt_sth[op->rec.addr].joined = 1;
  if (op->rec.kind == AUGUR_EV_THREAD_JOIN)
    rt_sched_join_tried (s, result);
}

static void
lock_after (RtSync *op, const RtSyncModel *m, AugurSchedStep *s, int64_t result, uint32_t me)
{
  RtSObj *o = mutex_obj (s->obj, op->rec.kind);
  result = rt_sched_robust_lock (o, op->rec.kind, result);   /* EOWNERDEAD: taken */
  if (result == 0)
    {
      o->owner = me;
      o->count++;
      o->lock_failed = 0;
      rt_sth[me].held++;
    }
  else if (try_op_of (m, op->rec.aux))
    s->op = AUGUR_SOP_TRYLOCK_FAIL;
  else
    {
      s->flags |= AUGUR_SF_FAILED;
      o->lock_failed = 1;
    }
}

/* A read or write lock: @write, the owner; else one more reader. */
static void
rwlock_taken (AugurSchedStep *s, int64_t result, uint32_t me, int write)
{
  RtSObj *o = rt_sched_obj (s->obj, RT_OBJ_RWLOCK);
  o->kind = RT_OBJ_RWLOCK;
  if (result != 0)
    {
      s->op = AUGUR_SOP_TRYLOCK_FAIL;
      return;
    }
  if (write)
    o->owner = me;
  else
    o->count++;
  rt_sth[me].held++;
}

static void
rdlock_after (RtSync *op, const RtSyncModel *m, AugurSchedStep *s, int64_t result, uint32_t me)
{
  rwlock_taken (s, result, me, 0);
}

static void
wrlock_after (RtSync *op, const RtSyncModel *m, AugurSchedStep *s, int64_t result, uint32_t me)
{
  rwlock_taken (s, result, me, 1);
}

static void
rwunlock_after (RtSync *op, const RtSyncModel *m, AugurSchedStep *s, int64_t result, uint32_t me)
{
  RtSObj *o = rt_sched_obj (s->obj, RT_OBJ_RWLOCK);
  if (o->owner == me)
    o->owner = RT_NONE;
  else if (o->count > 0)
    {
      o->count--;
      s->xflags |= AUGUR_SXF_READ_UNLOCK;
    }
  else
    {
      rt_sched_misuse (AUGUR_MISUSE_UNLOCK_UNLOCKED, me, s->pc, s->module, s->obj);
      return;
    }
  if (rt_sth[me].held > 0)
    rt_sth[me].held--;
}

/* A call that failed took or released nothing: it read the object, as
 * an atomic read (no data access: it cannot race), which DPOR still
 * orders against the object's other operations. */
static void
failed_is_read (AugurSchedStep *s, int64_t result)
{
  if (result != 0 && s != NULL)
    {
      s->op = AUGUR_SOP_READ;
      s->flags |= AUGUR_SF_ATOMIC;
    }
}

/* a sem_trywait or sem_timedwait that failed read the value */
static void
sem_wait_after (RtSync *op, const RtSyncModel *m, AugurSchedStep *s, int64_t result, uint32_t me)
{
  failed_is_read (s, result);
}

/* an unlock that failed (EPERM: not the owner of an error-checking or
 * recursive mutex) released nothing */
static void
unlock_after (RtSync *op, const RtSyncModel *m, AugurSchedStep *s, int64_t result, uint32_t me)
{
  failed_is_read (s, result);
  refused_unlock = RT_NONE;   /* a call that did not ask (C11's mtx_unlock) leaves none */
}

/* A barrier's init, once it returned: glibc refuses a count of 0
 * (EINVAL) and leaves the barrier as it was, uninitialised or not; an
 * init of a barrier that is initialised, and not destroyed since, is a
 * misuse whether threads wait at it or not. */
static void
barrier_init_after (RtSync *op, const RtSyncModel *m, AugurSchedStep *s, int64_t result, uint32_t me)
{
  if (result != 0)
    {
      failed_is_read (s, result);
      return;
    }
  RtSObj *o = rt_sched_obj (s->obj, RT_OBJ_FREE);
  if (o != NULL && o->kind == RT_OBJ_BARRIER && o->inited)
    rt_sched_misuse (AUGUR_MISUSE_INIT_IN_USE, me, s->pc, s->module, s->obj);
  o = init_obj (m, s, me);
  if (o == NULL)
    return;
  o->barrier_count = (uint32_t) op->rec.arg;
  o->inited = 1;
}

/* the allocation's number and block, for the names of the objects in it */
static void
alloc_after (RtSync *op, const RtSyncModel *m, AugurSchedStep *s, int64_t result, uint32_t me)
{
  rt_sched_alloc_object (&op->rec);
}

/* ---- the rows ---- */

#define LOCK_HOOKS .enabled = lock_enabled, .before = use_before, .after = lock_after
/* a destroy of a destroyed object is a misuse (rt-sched-destroy.c) */
#define DESTROY_HOOKS .before = destroy_before, .after = destroy_after

static const RtSyncModel sync_model[AUGUR_EV_LAST_] = {
  [AUGUR_EV_THREAD_CREATE] = { .prepare = peer_prepare, .before = create_before, .after = create_after },
  [AUGUR_EV_THREAD_JOIN] = { .try_when = TRY_UNLESS_BLOCKING, .enabled = join_enabled, .prepare = join_prepare, .after = accounted_after },
  [AUGUR_EV_THREAD_DETACH] = { .after = accounted_after },
  [AUGUR_EV_ONCE] = { .enabled = once_enabled },   /* rt_sched_once_begin, _end */
  [AUGUR_EV_SIGNAL_WAIT] = { .enabled = sigwait_enabled },   /* rt-sched-signal.c */

  [AUGUR_EV_MUTEX_INIT] = { .obj = RT_OBJ_MUTEX, .before = mutex_init_before },
  [AUGUR_EV_MUTEX_LOCK] = { .obj = RT_OBJ_MUTEX, .uninit = AUGUR_MISUSE_UNINIT_MUTEX, LOCK_HOOKS },
  [AUGUR_EV_MUTEX_TRYLOCK] = { .try_when = TRY_ALWAYS, .obj = RT_OBJ_MUTEX,
                               .uninit = AUGUR_MISUSE_UNINIT_MUTEX, LOCK_HOOKS },
  /* a timed lock is a try: taken, or timed out (rt_sched_timed_busy) */
  [AUGUR_EV_MUTEX_TIMEDLOCK] = { .try_when = TRY_ALWAYS, .obj = RT_OBJ_MUTEX, .timed = 1,
                                 .uninit = AUGUR_MISUSE_UNINIT_MUTEX, LOCK_HOOKS },
  [AUGUR_EV_MUTEX_UNLOCK] = { .obj = RT_OBJ_MUTEX, .uninit = AUGUR_MISUSE_UNINIT_MUTEX,
                              .before = unlock_before, .after = unlock_after },
  [AUGUR_EV_MUTEX_DESTROY] = { .obj = RT_OBJ_MUTEX, .marks_destroyed = 1,
                               .uninit = AUGUR_MISUSE_UNINIT_MUTEX, DESTROY_HOOKS },

  /* a spinlock is a mutex that is never checked for an init */
  [AUGUR_EV_SPIN_INIT] = { .obj = RT_OBJ_MUTEX, .before = init_before },
  [AUGUR_EV_SPIN_LOCK] = { .try_when = TRY_IF_TRY, .obj = RT_OBJ_MUTEX, LOCK_HOOKS },
  [AUGUR_EV_SPIN_UNLOCK] = { .obj = RT_OBJ_MUTEX, .before = unlock_before },
  [AUGUR_EV_SPIN_DESTROY] = { .obj = RT_OBJ_MUTEX, .marks_destroyed = 1, DESTROY_HOOKS },

  [AUGUR_EV_RWLOCK_INIT] = { .obj = RT_OBJ_RWLOCK, .before = init_before },
  [AUGUR_EV_RWLOCK_RDLOCK] = { .try_when = TRY_UNLESS_BLOCKING, .obj = RT_OBJ_RWLOCK,
                               .enabled = rdlock_enabled, .before = use_before, .after = rdlock_after },
  [AUGUR_EV_RWLOCK_WRLOCK] = { .try_when = TRY_UNLESS_BLOCKING, .obj = RT_OBJ_RWLOCK,
                               .enabled = wrlock_enabled, .before = use_before, .after = wrlock_after },
  [AUGUR_EV_RWLOCK_UNLOCK] = { .obj = RT_OBJ_RWLOCK, .before = use_before, .after = rwunlock_after },
  [AUGUR_EV_RWLOCK_DESTROY] = { .obj = RT_OBJ_RWLOCK, .marks_destroyed = 1, DESTROY_HOOKS },

  [AUGUR_EV_COND_INIT] = { .obj = RT_OBJ_COND, .before = init_before },
  [AUGUR_EV_COND_WAKE] = { .enabled = wake_enabled },   /* rt_sched_cond_wait */
  [AUGUR_EV_COND_SIGNAL] = { .obj = RT_OBJ_COND, .uninit = AUGUR_MISUSE_UNINIT_COND,
                             .before = signal_before },
  [AUGUR_EV_COND_BROADCAST] = { .obj = RT_OBJ_COND, .uninit = AUGUR_MISUSE_UNINIT_COND,
                                .before = broadcast_before },
  [AUGUR_EV_COND_DESTROY] = { .obj = RT_OBJ_COND, .marks_destroyed = 1,
                              .uninit = AUGUR_MISUSE_UNINIT_COND, DESTROY_HOOKS },

  [AUGUR_EV_BARRIER_INIT] = { .obj = RT_OBJ_BARRIER, .after = barrier_init_after },
  [AUGUR_EV_BARRIER_LEAVE] = { .enabled = barrier_leave_enabled },   /* rt_sched_barrier_wait */
  [AUGUR_EV_BARRIER_DESTROY] = { .obj = RT_OBJ_BARRIER, .marks_destroyed = 1,
                                 .uninit = AUGUR_MISUSE_UNINIT_BARRIER, DESTROY_HOOKS },

  /* the value is the semaphore's own (sem_value) */
  [AUGUR_EV_SEM_INIT] = { .obj = RT_OBJ_OTHER, .before = init_before },
  [AUGUR_EV_SEM_WAIT] = { .try_when = TRY_UNLESS_BLOCKING, .enabled = sem_wait_enabled,
                          .after = sem_wait_after },
  [AUGUR_EV_SEM_DESTROY] = { .obj = RT_OBJ_OTHER, DESTROY_HOOKS },

  /* no step: only the block, for names (rt_sched_object) */
  [AUGUR_EV_ALLOC] = { .any_thread = 1, .after = alloc_after },
  [AUGUR_EV_FREE] = { .prepare = free_prepare },
};

static const RtSyncModel *
model_of (uint32_t kind)
{
  return &sync_model[kind < AUGUR_EV_LAST_ ? kind : AUGUR_EV_NONE];
}

int
rt_sched_obj_enabled (uint32_t t)
{
  RtSThread *s = &rt_sth[t];
  const RtSyncModel *m = model_of (s->pending.ev_kind);
  return m->enabled != NULL ? m->enabled (t, s, &s->pending) : 1;
}


/* ------------------------------------------------------------------ */
/* Hooks: synchronisation (from rt_sync_before / rt_sync_after) */

void
rt_sched_sync_before (RtSync *op)
{
  const RtSyncModel *m = model_of (op->rec.kind);
  AugurSchedStep s;
  memset (&s, 0, sizeof s);
  s.op = augur_ops_event (op->rec.kind)->sop;
  if (s.op == AUGUR_SOP_NONE)
    return;
  s.ev_kind = op->rec.kind;
  s.pc = op->rec.pc;
  s.module = op->rec.module;
  s.obj = op->rec.addr;
  s.size = 1;
  if (m->timed)
    s.flags |= AUGUR_SF_TIMED;
  if (m->prepare != NULL && !m->prepare (op, &s))
    return;
  int try_op = try_op_of (m, op->rec.aux);
  if (try_op && augur_ops_sched (s.op)->lock == AUGUR_OPS_LOCK_ACQUIRE)
    s.xflags |= AUGUR_SXF_TRY;
  rt_sched_point (&s, try_op);
  if (m->before != NULL)
    m->before (op, m, &s, rt_self.tid);
}

void
rt_sched_sync_after (RtSync *op, int64_t result)
{
  const RtSyncModel *m = model_of (op->rec.kind);
  uint32_t me = rt_self.tid;
  if (m->after != NULL && (me < RT_MAXT || m->any_thread))
    m->after (op, m, rt_sched_my_step (), result, me);
  rt_sched_pay_timeout ();
  /* a destroyed object's bytes as this call left them; a local's frame */
  if (m->obj != RT_OBJ_FREE && me < RT_MAXT)
    {
      RtSObj *o = rt_sched_obj (op->rec.addr, RT_OBJ_FREE);
      rt_sched_destroy_sign (o);
      rt_sched_frame_bind (o, me);
    }
}

/* ------------------------------------------------------------------ */
/* Condition variables and barriers: emulated */

RT_DEFINE_REAL (pthread_mutex_lock, NULL)
RT_DEFINE_REAL (pthread_mutex_unlock, NULL)

/* The clock of the condition at @c: glibc keeps it in the object
 * (__wrefs' bit 1, set by pthread_cond_init from its attributes), which
 * the emulated waits never touch. */
static clockid_t
cond_clock (const void *c)
{
  const pthread_cond_t *cond = c;
  return (cond->__data.__wrefs & 2u) != 0 ? CLOCK_MONOTONIC : CLOCK_REALTIME;
}

int
rt_sched_cond_wait (void *c, void *m, const struct timespec *abstime, clockid_t clock,
                    uintptr_t ra)
{
  int timed = abstime != NULL;
  uint32_t me = rt_self.tid;
  RtSThread *t = &rt_sth[me];
  AugurSchedStep s;
  rt_sched_make_step (&s, AUGUR_SOP_COND_WAIT, AUGUR_EV_COND_WAIT, (uint64_t) (uintptr_t) c, 1, ra);
  s.arg = (uint64_t) (uintptr_t) m;
  if (timed)
    s.flags |= AUGUR_SF_TIMED;
  rt_sched_point (&s, 0);
  RtSObj *mo = mutex_obj (s.arg, AUGUR_EV_MUTEX_LOCK);
  RtSObj *co = rt_sched_obj (s.obj, RT_OBJ_COND);
  rt_sched_check_initialised (co, AUGUR_MISUSE_UNINIT_COND, &s);
  rt_sched_check_initialised (mo, AUGUR_MISUSE_UNINIT_MUTEX, &s);
  note_use (co, &s);
  /* the wait unlocks and locks its mutex: a use of it too */
  note_use (mo, &s);
  if (co->cond_mutex != 0 && co->cond_mutex != s.arg)
    rt_sched_misuse (AUGUR_MISUSE_COND_TWO_MUTEXES, me, s.pc, s.module, s.obj);
  co->cond_mutex = s.arg;
  if (mo->owner != me)
    {
      /* refused: it released nothing and waited for nothing */
      AugurSchedStep *refused = rt_sched_my_step ();
      if (refused != NULL)
        refused->flags |= AUGUR_SF_FAILED;
      rt_sched_misuse (AUGUR_MISUSE_WAIT_NOT_OWNER, me, s.pc, s.module, s.arg);
      return EPERM;
    }
  uint32_t count = mo->count;
  mo->owner = RT_NONE;
  mo->count = 0;
  t->held = t->held >= count ? t->held - count : 0;
  t->wait_cond = s.obj;
  t->signalled = 0;
  t->waker = 0;
  t->wait_seq = ++wait_seq;
  t->wait_jumps = rt_sched_shm->clock_jumps;
  for (uint32_t k = 0; k < count; k++)
    get_real_pthread_mutex_unlock () (m);
  if (timed)
    clock = clock == RT_COND_CLOCK ? cond_clock (c) : clock;
  /* a timed wait that may time out: its timeout, before the wake-up and
   * without the mutex (it may come while another thread holds it, after
   * it changed the state and before it signals) */
  int timed_out = timed && !t->no_unsignalled && rt_sched_cond_timeout (s.obj, clock, abstime, ra);

  s.op = AUGUR_SOP_COND_WAKE;
  s.ev_kind = AUGUR_EV_COND_WAKE;
  rt_sched_point (&s, 0);
  int r = 0;
  AugurSchedStep *done = rt_sched_my_step ();
  /* the signal it takes, of those it could (rt-sched-condsig.c) */
  rt_sched_cond_take (me);
  done->size = t->waker;
  if (t->signalled && may_wake_unsignalled (t) == 0)
    done->xflags |= AUGUR_SXF_NEEDS_WAKER;
  if (t->signalled)
    t->no_unsignalled = 0;
  else
    {
      /* a timed wait times out; an untimed one wakes up spuriously */
      t->no_unsignalled = 1;
      if (timed)
        {
          r = ETIMEDOUT;
          done->flags |= AUGUR_SF_TIMEOUT;
        }
      else
        done->xflags |= AUGUR_SXF_SPURIOUS;
    }
  t->wait_cond = 0;
  t->signalled = 0;
  t->wait_timed_out = 0;
  int relocked = 1;
  for (uint32_t k = 0; k < count; k++)
    {
      int e = get_real_pthread_mutex_lock () (m);
      relocked = relocked && (e == 0 || e == EOWNERDEAD);
    }
  mo = rt_sched_obj (s.arg, RT_OBJ_MUTEX);
  if (!relocked)
    {
      /* a mutex destroyed while the thread waited: the re-lock failed
       * (EINVAL) and took nothing, as a lock of it does (lock_after) */
      done->flags |= AUGUR_SF_FAILED;
      mo->lock_failed = 1;
    }
  else
    {
      mo->owner = me;
      mo->count = count;
      t->held += count;
    }
  /* timed out at the wake-up (its own timeout step found it woken, and
   * another thread took the signal since): the clock moves on past the
   * deadline (a step of its own, once the model holds the mutex for it
   * again) */
  if (r == ETIMEDOUT && !timed_out)
    rt_sched_timed_out_at (clock, abstime, ra);
  return r;
}

int
rt_sched_barrier_wait (void *b, uintptr_t ra)
{
  uint32_t me = rt_self.tid;
  AugurSchedStep s;
  rt_sched_make_step (&s, AUGUR_SOP_BARRIER_ARRIVE, AUGUR_EV_BARRIER_ENTER, (uint64_t) (uintptr_t) b,
                      1, ra);
  rt_sched_point (&s, 0);
  RtSObj *o = rt_sched_obj (s.obj, RT_OBJ_BARRIER);
  /* a barrier never initialised counts to 1, one destroyed to its old
   * count: the misuse is the finding, the execution goes on */
  rt_sched_check_initialised (o, AUGUR_MISUSE_UNINIT_BARRIER, &s);
  note_use (o, &s);
  int serial = 0;
  rt_sth[me].barrier_released = 0;
  if (++o->arrived >= (o->barrier_count ? o->barrier_count : 1))
    {
      uint32_t k = rt_sth[me].last_step;
      for (uint32_t t = 0; t < rt_sched_n_threads; t++)
        if (rt_sth[t].state == AUGUR_STH_ENABLED && rt_sth[t].has_pending
            && rt_sth[t].pending.op == AUGUR_SOP_BARRIER_LEAVE && rt_sth[t].pending.obj == s.obj
            && !rt_sth[t].barrier_released)
          {
            rt_sth[t].barrier_released = 1;
            rt_sth[t].waker = k + 1;
          }
      rt_sth[me].barrier_released = 1;
      rt_sth[me].waker = k + 1;
      o->arrived = 0;
      serial = 1;
    }
  s.op = AUGUR_SOP_BARRIER_LEAVE;
  s.ev_kind = AUGUR_EV_BARRIER_LEAVE;
  rt_sched_point (&s, 0);
  AugurSchedStep *done = rt_sched_my_step ();
  done->size = rt_sth[me].waker;
  rt_sth[me].barrier_released = 0;
  return serial ? PTHREAD_BARRIER_SERIAL_THREAD : 0;
}

void
rt_sched_check_not_destroyed (void)
{
  for (uint32_t u = 0; u < n_objs_used; u++)
    {
      const RtSObj *o = &objs[objs_used[u]];
      if (o->kind == RT_OBJ_MUTEX && o->inited)
        rt_sched_misuse (AUGUR_MISUSE_NOT_DESTROYED, o->init_tid, o->init_pc, o->init_module, o->addr);
    }
}

int
rt_sched_timed_busy (const void *lock, int how)
{
  uint32_t me = rt_self.tid;
  uint64_t addr = (uint64_t) (uintptr_t) lock;
  if (how == RT_TIMED_MUTEX)
    {
      /* a lock a blocking one would wait for times out; its own
       * error-checking mutex refuses */
      int errcheck;
      if (!mutex_takes (me, addr, AUGUR_EV_MUTEX_TIMEDLOCK, &errcheck))
        return ETIMEDOUT;
      return errcheck ? EDEADLK : 0;
    }
  RtSObj *o = rt_sched_obj (addr, RT_OBJ_FREE);
  if (o != NULL && o->owner == me)
    return EDEADLK;   /* glibc's answer to its own writer */
  return rwlock_takes (addr, how == RT_TIMED_WRLOCK) ? 0 : ETIMEDOUT;
}

uint64_t
rt_sched_progress (void)
{
  return rt_sched_shm != NULL ? rt_sched_shm->n_steps + rt_sched_pruned_seen : 0;
}

int
rt_sched_unlock_refused (void)
{
  if (RT_LIKELY (refused_unlock == RT_NONE) || refused_unlock != rt_self.tid)
    return 0;
  refused_unlock = RT_NONE;
  return 1;
}

bool
rt_sched_held_by_other (const void *mutex)
{
  if (!rt_fibers)
    return false;
  RtSObj *o = rt_sched_obj ((uint64_t) (uintptr_t) mutex, RT_OBJ_FREE);
  return o != NULL && o->owner != RT_NONE && o->owner != rt_self.tid;
}
