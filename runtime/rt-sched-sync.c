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
 *
 * A mutex first seen in use without an init (PTHREAD_MUTEX_INITIALIZER
 * and its recursive and error-checking variants) gets its type from
 * glibc's own field in the object.
 */
#include "config.h"

#include "runtime/rt-sched-private.h"
#include "runtime/rt-fiber.h"

#include <errno.h>
#include <fcntl.h>
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

RtSObj *
rt_sched_obj (uint64_t addr, int kind)
{
  uint32_t h = (uint32_t) ((addr * 0x9e3779b97f4a7c15ull) >> 52) & (NOBJ - 1);
  for (uint32_t k = 0; k < NOBJ; k++)
    {
      RtSObj *o = &objs[(h + k) & (NOBJ - 1)];
      if (o->addr == addr && o->kind != RT_OBJ_FREE)
        return o;
      if (o->kind == RT_OBJ_FREE)
        {
          if (kind == RT_OBJ_FREE)
            return NULL;
          memset (o, 0, sizeof *o);
          objs_used[n_objs_used++] = (uint16_t) ((h + k) & (NOBJ - 1));
          o->addr = addr;
          o->kind = (uint8_t) kind;
          o->owner = RT_NONE;
          o->type = AUGUR_MUTEX_DEFAULT;
          return o;
        }
    }
  return NULL;
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
      if (ev_kind != AUGUR_EV_SPIN_LOCK && ev_kind != AUGUR_EV_SPIN_UNLOCK
          && ev_kind != AUGUR_EV_SPIN_INIT && ev_kind != AUGUR_EV_SPIN_DESTROY)
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

/* The start of the main heap, found once in the fork server: [heap] in
 * /proc/self/maps, or, before the heap exists, the program break (where
 * it will start). */
static uintptr_t heap_lo;

void
rt_sched_find_heap (void)
{
  char buf[8192];
  heap_lo = (uintptr_t) rt_libc_sbrk (0);
  int fd = rt_sys_open ("/proc/self/maps", O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0)
    return;
  size_t len = 0;
  ssize_t r;
  while (len + 1 < sizeof buf && (r = rt_sys_read (fd, buf + len, sizeof buf - 1 - len)) > 0)
    len += (size_t) r;
  rt_sys_close (fd);
  buf[len] = '\0';
  for (char *line = buf; line != NULL && *line != '\0';)
    {
      char *nl = line;
      while (*nl != '\0' && *nl != '\n')
        nl++;
      int is_heap = nl - line >= 6 && nl[-1] == ']' && nl[-2] == 'p' && nl[-3] == 'a'
                    && nl[-4] == 'e' && nl[-5] == 'h' && nl[-6] == '[';
      if (is_heap)
        {
          uintptr_t v = 0;
          for (const char *c = line; *c != '-'; c++)
            v = v * 16 + (uintptr_t) (*c <= '9' ? *c - '0' : (*c | 0x20) - 'a' + 10);
          heap_lo = v;
          return;
        }
      line = *nl != '\0' ? nl + 1 : NULL;
    }
}

/* A mutex or condition variable used without any init in this execution:
 * only reported for the main heap, where no static initialiser can have
 * set it up (the seed's "uninitialised" misuse; pfscan's queue). */
static void
check_initialised (RtSObj *o, uint32_t kind, const AugurSchedStep *s)
{
  if (o == NULL || o->init_seen || o->uninit_reported || heap_lo == 0)
    return;
  uintptr_t a = (uintptr_t) o->addr;
  if ((a < heap_lo || a >= (uintptr_t) rt_libc_sbrk (0)) && !rt_arena_contains ((const void *) a))
    return;
  o->uninit_reported = 1;
  rt_sched_misuse (kind, rt_self.tid, s->pc, s->module, o->addr);
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

int
rt_sched_obj_enabled (uint32_t t)
{
  RtSThread *s = &rt_sth[t];
  const AugurSchedStep *p = &s->pending;
  RtSObj *o;
  switch (p->op)
    {
    case AUGUR_SOP_LOCK:
      if (s->try_op)
        return 1;
      o = rt_sched_obj (p->obj, RT_OBJ_FREE);
      if (o == NULL || o->owner == RT_NONE)
        return 1;
      if (o->owner == t)
        {
          if (!o->type_known && o->kind == RT_OBJ_MUTEX)
            o = mutex_obj (p->obj, p->ev_kind);
          return o->type == AUGUR_MUTEX_RECURSIVE || o->type == AUGUR_MUTEX_ERRORCHECK;
        }
      return 0;
    case AUGUR_SOP_RDLOCK:
      if (s->try_op)
        return 1;
      o = rt_sched_obj (p->obj, RT_OBJ_FREE);
      return o == NULL || o->owner == RT_NONE;
    case AUGUR_SOP_WRLOCK:
      if (s->try_op)
        return 1;
      o = rt_sched_obj (p->obj, RT_OBJ_FREE);
      return o == NULL || (o->owner == RT_NONE && o->count == 0);
    case AUGUR_SOP_COND_WAKE:
      {
        int how = s->signalled ? 1 : may_wake_unsignalled (s);
        if (how == 0)
          return 0;
        o = rt_sched_obj (p->arg, RT_OBJ_FREE);
        return o == NULL || o->owner == RT_NONE ? how : 0;
      }
    case AUGUR_SOP_SEM_WAIT:
      return s->try_op || sem_value (p->obj) > 0;
    case AUGUR_SOP_BARRIER_LEAVE:
      return s->barrier_released;
    case AUGUR_SOP_JOIN:
      return p->arg >= RT_MAXT || rt_sth[p->arg].state != AUGUR_STH_ENABLED;
    case AUGUR_SOP_OTHER:
      /* pthread_once waits while another thread runs the routine */
      if (p->ev_kind != AUGUR_EV_ONCE)
        return 1;
      o = rt_sched_obj (p->obj, RT_OBJ_FREE);
      return o == NULL || o->owner == RT_NONE || o->owner == t;
    default:
      return 1;
    }
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
/* Hooks: synchronisation (from rt_sync_before / rt_sync_after) */

static uint8_t
sync_op (const RtSync *op, int *try_op)
{
  *try_op = 0;
  switch (op->rec.kind)
    {
    case AUGUR_EV_MUTEX_LOCK:
    case AUGUR_EV_MUTEX_TIMEDLOCK:
      return AUGUR_SOP_LOCK;
    case AUGUR_EV_MUTEX_TRYLOCK:
      *try_op = 1;
      return AUGUR_SOP_LOCK;
    case AUGUR_EV_SPIN_LOCK:
      *try_op = op->rec.aux == AUGUR_TRY_TRY;
      return AUGUR_SOP_LOCK;
    case AUGUR_EV_MUTEX_UNLOCK:
    case AUGUR_EV_SPIN_UNLOCK:
      return AUGUR_SOP_UNLOCK;
    case AUGUR_EV_RWLOCK_RDLOCK:
      *try_op = op->rec.aux == AUGUR_TRY_TRY;
      return AUGUR_SOP_RDLOCK;
    case AUGUR_EV_RWLOCK_WRLOCK:
      *try_op = op->rec.aux == AUGUR_TRY_TRY;
      return AUGUR_SOP_WRLOCK;
    case AUGUR_EV_RWLOCK_UNLOCK:
      return AUGUR_SOP_RWUNLOCK;
    case AUGUR_EV_COND_SIGNAL:
      return AUGUR_SOP_SIGNAL;
    case AUGUR_EV_COND_BROADCAST:
      return AUGUR_SOP_BROADCAST;
    case AUGUR_EV_SEM_WAIT:
      *try_op = op->rec.aux != AUGUR_TRY_BLOCKING;
      return AUGUR_SOP_SEM_WAIT;
    case AUGUR_EV_SEM_POST:
      return AUGUR_SOP_SEM_POST;
    case AUGUR_EV_THREAD_CREATE:
      return AUGUR_SOP_CREATE;
    case AUGUR_EV_THREAD_JOIN:
      return AUGUR_SOP_JOIN;
    case AUGUR_EV_MUTEX_INIT:
    case AUGUR_EV_RWLOCK_INIT:
    case AUGUR_EV_COND_INIT:
    case AUGUR_EV_BARRIER_INIT:
    case AUGUR_EV_SEM_INIT:
    case AUGUR_EV_SPIN_INIT:
      return AUGUR_SOP_INIT;
    case AUGUR_EV_MUTEX_DESTROY:
    case AUGUR_EV_RWLOCK_DESTROY:
    case AUGUR_EV_COND_DESTROY:
    case AUGUR_EV_BARRIER_DESTROY:
    case AUGUR_EV_SEM_DESTROY:
    case AUGUR_EV_SPIN_DESTROY:
      return AUGUR_SOP_DESTROY;
    case AUGUR_EV_ALLOC:
    case AUGUR_EV_FREE:
      return AUGUR_SOP_NONE;   /* invisible */
    default:
      return AUGUR_SOP_OTHER;
    }
}

static void
do_init (const RtSync *op, const AugurSchedStep *s, uint32_t me)
{
  int kind = RT_OBJ_OTHER;
  switch (op->rec.kind)
    {
    case AUGUR_EV_MUTEX_INIT:
    case AUGUR_EV_SPIN_INIT:
      kind = RT_OBJ_MUTEX;
      break;
    case AUGUR_EV_RWLOCK_INIT:
      kind = RT_OBJ_RWLOCK;
      break;
    case AUGUR_EV_COND_INIT:
      kind = RT_OBJ_COND;
      break;
    case AUGUR_EV_BARRIER_INIT:
      kind = RT_OBJ_BARRIER;
      break;
    default:
      break;
    }
  RtSObj *o = rt_sched_obj (s->obj, kind);
  if (o == NULL)
    return;
  /* initialising a lock in use, or one already used without an init (a
   * thread locked it before the init ran) */
  if ((kind == RT_OBJ_MUTEX || kind == RT_OBJ_RWLOCK)
      && (o->owner != RT_NONE || o->count != 0 || (o->used && !o->destroyed)))
    rt_sched_misuse (AUGUR_MISUSE_INIT_IN_USE, me, s->pc, s->module, s->obj);
  o->kind = (uint8_t) kind;
  o->init_seen = 1;
  o->used = 0;
  o->destroyed = 0;
  o->owner = RT_NONE;
  o->count = 0;
  o->cond_mutex = 0;
  o->arrived = 0;
  if (op->rec.kind == AUGUR_EV_MUTEX_INIT)
    {
      o->type = (uint8_t) op->rec.arg;
      o->type_known = 1;
      o->inited = 1;
      o->init_pc = s->pc;
      o->init_module = s->module;
      o->init_tid = me;
    }
  if (op->rec.kind == AUGUR_EV_BARRIER_INIT)
    o->barrier_count = (uint32_t) op->rec.arg;
}

static void
do_destroy (const RtSync *op, const AugurSchedStep *s, uint32_t me)
{
  if (op->rec.kind == AUGUR_EV_MUTEX_DESTROY || op->rec.kind == AUGUR_EV_COND_DESTROY)
    {
      int cond = op->rec.kind == AUGUR_EV_COND_DESTROY;
      check_initialised (cond ? rt_sched_obj (s->obj, RT_OBJ_COND) : mutex_obj (s->obj, op->rec.kind),
                         cond ? AUGUR_MISUSE_UNINIT_COND : AUGUR_MISUSE_UNINIT_MUTEX, s);
    }
  RtSObj *o = rt_sched_obj (s->obj, RT_OBJ_FREE);
  if (o == NULL)
    return;
  int busy = (o->kind == RT_OBJ_MUTEX && o->owner != RT_NONE)
             || (o->kind == RT_OBJ_RWLOCK && (o->owner != RT_NONE || o->count != 0));
  if (o->kind == RT_OBJ_COND)
    for (uint32_t t = 0; t < rt_sched_n_threads && !busy; t++)
      busy = rt_sth[t].state == AUGUR_STH_ENABLED && rt_sth[t].wait_cond == s->obj;
  if (busy)
    rt_sched_misuse (AUGUR_MISUSE_DESTROY_HELD, me, s->pc, s->module, s->obj);
  o->inited = 0;
  if (op->rec.kind == AUGUR_EV_MUTEX_DESTROY || op->rec.kind == AUGUR_EV_COND_DESTROY
      || op->rec.kind == AUGUR_EV_RWLOCK_DESTROY)
    o->destroyed = 1;
}

/* Returns how many waiters it woke. */
static int
do_wake_waiters (const AugurSchedStep *s, uint8_t sop, uint32_t me)
{
  uint32_t k = rt_sth[me].last_step;
  int woken = 0;
  for (;;)
    {
      uint32_t best = RT_NONE;
      for (uint32_t t = 0; t < rt_sched_n_threads; t++)
        if (rt_sth[t].state == AUGUR_STH_ENABLED && rt_sth[t].wait_cond == s->obj
            && !rt_sth[t].signalled && (best == RT_NONE || rt_sth[t].wait_seq < rt_sth[best].wait_seq))
          best = t;
      if (best == RT_NONE)
        break;
      rt_sth[best].signalled = 1;
      rt_sth[best].waker = k + 1;
      woken++;
      if (sop == AUGUR_SOP_SIGNAL)
        break;
    }
  return woken;
}

void
rt_sched_sync_before (RtSync *op)
{
  int try_op;
  uint8_t sop = sync_op (op, &try_op);
  if (sop == AUGUR_SOP_NONE)
    {
      /* before the real free: the block may be handed out again at once */
      if (op->rec.kind == AUGUR_EV_FREE)
        {
          /* a block freed before any step touched it names nothing and
           * races with nothing: its allocation goes from the log (the
           * allocation numbers still count it), no step, so that
           * free(malloc()) loops neither fill the log nor the steps */
          AugurSchedShm *shm = rt_sched_shm;
          uint32_t no = shm->n_objects;
          if (no > 0 && no <= AUGUR_SCHED_MAX_OBJECTS && shm->objects[no - 1].kind == AUGUR_EV_ALLOC
              && shm->objects[no - 1].addr == op->rec.addr && shm->objects[no - 1].step == shm->n_steps)
            {
              shm->n_objects = no - 1;
              return;
            }
          AugurSchedStep s;
          memset (&s, 0, sizeof s);
          s.op = AUGUR_SOP_WRITE;
          s.ev_kind = AUGUR_EV_FREE;
          s.pc = op->rec.pc;
          s.module = op->rec.module;
          s.obj = op->rec.addr;
          s.size = (uint32_t) (op->rec.arg > UINT32_MAX ? UINT32_MAX : (op->rec.arg ? op->rec.arg : 1));
          /* not a data race of its own: a use on the wrong side of it is
           * a use after free (explorer/memcheck.c) */
          s.flags = AUGUR_SF_ATOMIC | AUGUR_SF_RANGE;
          s.xflags = AUGUR_SXF_FREE;
          rt_sched_point (&s, 0);
          rt_sched_object (AUGUR_EV_FREE, op->rec.tid, 0, op->rec.addr, 0);
        }
      return;
    }
  AugurSchedStep s;
  memset (&s, 0, sizeof s);
  s.op = sop;
  s.ev_kind = op->rec.kind;
  s.pc = op->rec.pc;
  s.module = op->rec.module;
  s.obj = op->rec.addr;
  s.size = 1;
  if (op->rec.kind == AUGUR_EV_MUTEX_TIMEDLOCK)
    s.flags |= AUGUR_SF_TIMED;
  if (sop == AUGUR_SOP_CREATE || sop == AUGUR_SOP_JOIN)
    {
      s.arg = op->rec.addr;   /* the peer's id: a creation's is taken at its step */
      s.obj = 0;
    }
  if (sop == AUGUR_SOP_JOIN && op->rec.addr == RT_TID_NONE)
    {
      s.arg = RT_NONE;
      rt_sched_point (&s, 0);
      rt_sched_misuse (AUGUR_MISUSE_DOUBLE_JOIN, rt_self.tid, s.pc, s.module, 0);
      return;
    }
  if (try_op && (sop == AUGUR_SOP_LOCK || sop == AUGUR_SOP_RDLOCK || sop == AUGUR_SOP_WRLOCK))
    s.xflags |= AUGUR_SXF_TRY;
  rt_sched_point (&s, try_op);
  uint32_t me = rt_self.tid;
  switch (sop)
    {
    case AUGUR_SOP_CREATE:
      {
        /* the child's number, in the order of the creation steps
         * (runtime/rt-thread.h) */
        uint32_t c = rt_thread_new_tid ();
        op->rec.addr = c;
        AugurSchedStep *m = rt_sched_my_step ();
        if (m != NULL && m->op == AUGUR_SOP_CREATE && m->arg == RT_TID_NONE)
          m->arg = c;
        if (c >= RT_MAXT)
          rt_sched_end_now (AUGUR_SST_TOO_MANY_THREADS, 1);
        rt_sched_thread_created (c, s.pc, s.module);
        break;
      }
    case AUGUR_SOP_LOCK:
      {
        RtSObj *o = mutex_obj (s.obj, op->rec.kind);
        if (op->rec.kind != AUGUR_EV_SPIN_LOCK)
          check_initialised (o, AUGUR_MISUSE_UNINIT_MUTEX, &s);
        note_use (o, &s);
        break;
      }
    case AUGUR_SOP_UNLOCK:
      {
        RtSObj *o = mutex_obj (s.obj, op->rec.kind);
        if (op->rec.kind == AUGUR_EV_MUTEX_UNLOCK)
          check_initialised (o, AUGUR_MISUSE_UNINIT_MUTEX, &s);
        note_use (o, &s);
        if (o->owner != me)
          {
            rt_sched_misuse (o->owner == RT_NONE ? AUGUR_MISUSE_UNLOCK_UNLOCKED
                                                 : AUGUR_MISUSE_UNLOCK_NOT_OWNER,
                             me, s.pc, s.module, s.obj);
            if (o->owner != RT_NONE && rt_sth[o->owner].held >= o->count)
              rt_sth[o->owner].held -= o->count;
            o->owner = RT_NONE;
            o->count = 0;
          }
        else
          {
            if (rt_sth[me].held > 0)
              rt_sth[me].held--;
            if (--o->count == 0)
              o->owner = RT_NONE;
          }
        break;
      }
    case AUGUR_SOP_RDLOCK:
    case AUGUR_SOP_WRLOCK:
    case AUGUR_SOP_RWUNLOCK:
      note_use (rt_sched_obj (s.obj, RT_OBJ_RWLOCK), &s);
      break;
    case AUGUR_SOP_DESTROY:
      do_destroy (op, &s, me);
      break;
    case AUGUR_SOP_SIGNAL:
    case AUGUR_SOP_BROADCAST:
      {
        RtSObj *o = rt_sched_obj (s.obj, RT_OBJ_COND);
        check_initialised (o, AUGUR_MISUSE_UNINIT_COND, &s);
        note_use (o, &s);
        if (do_wake_waiters (&s, sop, me) == 0)
          rt_sched_my_step ()->xflags |= AUGUR_SXF_NO_WAITER;
        break;
      }
    case AUGUR_SOP_INIT:
      do_init (op, &s, me);
      break;
    default:
      break;
    }
}

void
rt_sched_sync_after (RtSync *op, int64_t result)
{
  if (op->rec.kind == AUGUR_EV_ALLOC)
    {
      rt_sched_object (AUGUR_EV_ALLOC, op->rec.tid, op->rec.aux, op->rec.addr, op->rec.arg);
      return;
    }
  int try_op;
  uint8_t sop = sync_op (op, &try_op);
  uint32_t me = rt_self.tid;
  if (me >= RT_MAXT || sop == AUGUR_SOP_NONE)
    return;
  AugurSchedStep *s = rt_sched_my_step ();
  switch (sop)
    {
    case AUGUR_SOP_CREATE:
      {
        uint32_t c = (uint32_t) op->rec.addr;
        if (result != 0)
          {
            rt_sth[c].state = AUGUR_STH_UNUSED;
            s->flags |= AUGUR_SF_FAILED;
            break;
          }
        /* the child runs to its first visible operation, then parks */
        if (rt_fibers)
          rt_fiber_switch (me, c);
        while (!__atomic_load_n (&rt_sth[c].parked, __ATOMIC_ACQUIRE))
          rt_sys_futex (&rt_sth[c].parked, FUTEX_WAIT_PRIVATE, 0);
        break;
      }
    case AUGUR_SOP_JOIN:
      if (result == 0 && op->rec.addr < RT_MAXT)
        rt_sth[op->rec.addr].joined = 1;
      break;
    case AUGUR_SOP_OTHER:
      /* a detached thread is accounted for: once it ended, main's return
       * is no misuse (rt_sched_main_return) */
      if (op->rec.kind == AUGUR_EV_THREAD_DETACH && result == 0 && op->rec.addr < RT_MAXT)
        rt_sth[op->rec.addr].joined = 1;
      break;
    case AUGUR_SOP_LOCK:
      {
        RtSObj *o = mutex_obj (s->obj, op->rec.kind);
        if (result == 0)
          {
            o->owner = me;
            o->count++;
            rt_sth[me].held++;
          }
        else if (try_op)
          s->op = AUGUR_SOP_TRYLOCK_FAIL;
        else
          s->flags |= AUGUR_SF_FAILED;
        break;
      }
    case AUGUR_SOP_RDLOCK:
    case AUGUR_SOP_WRLOCK:
      {
        RtSObj *o = rt_sched_obj (s->obj, RT_OBJ_RWLOCK);
        o->kind = RT_OBJ_RWLOCK;
        if (result != 0)
          {
            s->op = AUGUR_SOP_TRYLOCK_FAIL;
            break;
          }
        if (sop == AUGUR_SOP_WRLOCK)
          o->owner = me;
        else
          o->count++;
        rt_sth[me].held++;
        break;
      }
    case AUGUR_SOP_RWUNLOCK:
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
            break;
          }
        if (rt_sth[me].held > 0)
          rt_sth[me].held--;
        break;
      }
    case AUGUR_SOP_SEM_WAIT:
      if (result != 0)
        s->op = AUGUR_SOP_READ;
      break;
    default:
      break;
    }
}

/* ------------------------------------------------------------------ */
/* Condition variables and barriers: emulated */

RT_DEFINE_REAL (pthread_mutex_lock, NULL)
RT_DEFINE_REAL (pthread_mutex_unlock, NULL)

int
rt_sched_cond_wait (void *c, void *m, int timed, uintptr_t ra)
{
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
  check_initialised (co, AUGUR_MISUSE_UNINIT_COND, &s);
  check_initialised (mo, AUGUR_MISUSE_UNINIT_MUTEX, &s);
  note_use (co, &s);
  if (co->cond_mutex != 0 && co->cond_mutex != s.arg)
    rt_sched_misuse (AUGUR_MISUSE_COND_TWO_MUTEXES, me, s.pc, s.module, s.obj);
  co->cond_mutex = s.arg;
  if (mo->owner != me)
    {
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

  s.op = AUGUR_SOP_COND_WAKE;
  s.ev_kind = AUGUR_EV_COND_WAKE;
  rt_sched_point (&s, 0);
  int r = 0;
  AugurSchedStep *done = rt_sched_my_step ();
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
  for (uint32_t k = 0; k < count; k++)
    get_real_pthread_mutex_lock () (m);
  mo = rt_sched_obj (s.arg, RT_OBJ_MUTEX);
  mo->owner = me;
  mo->count = count;
  t->held += count;
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

/* ------------------------------------------------------------------ */
/* Double and invalid frees: the blocks freed in this execution and not
 * handed out again (open addressing, tombstones; full: not checked). */

#define NFREED 4096u
#define FREED_GONE 1u
static uintptr_t freed[NFREED];
static uint32_t n_freed;

static uint32_t
freed_slot (uintptr_t p)
{
  return (uint32_t) ((p * 0x9e3779b97f4a7c15ull) >> 52) & (NFREED - 1);
}

static int
freed_find (uintptr_t p, uint32_t *at)
{
  uint32_t h = freed_slot (p);
  for (uint32_t k = 0; k < NFREED; k++)
    {
      uint32_t i = (h + k) & (NFREED - 1);
      if (freed[i] == p)
        {
          *at = i;
          return 1;
        }
      if (freed[i] == 0)
        return 0;
    }
  return 0;
}

void
rt_sched_allocated (void *p)
{
  uint32_t at;
  if (n_freed > 0 && freed_find ((uintptr_t) p, &at))
    freed[at] = FREED_GONE;
}

/* Memory that no allocator hands out: the program's own image (globals)
 * or a thread's stack. */
static int
not_heap (uintptr_t p)
{
  if (p - rt_exe_lo < rt_exe_size)
    return 1;
  uint64_t top = rt_fibers ? rt_fiber_stack_top (rt_self.tid) : rt_sched_stack_top ();
  uintptr_t sp = (uintptr_t) __builtin_frame_address (0);
  return top != 0 && p >= sp && p < top;
}

bool
rt_sched_free_ok (void *block, uint32_t pc, uint8_t module)
{
  uintptr_t p = (uintptr_t) block;
  uint32_t at;
  if (n_freed > 0 && freed_find (p, &at))
    {
      rt_sched_misuse (AUGUR_MISUSE_DOUBLE_FREE, rt_self.tid, pc, module, p);
      return false;
    }
  if (not_heap (p))
    {
      rt_sched_misuse (AUGUR_MISUSE_INVALID_FREE, rt_self.tid, pc, module, p);
      return false;
    }
  if (n_freed < NFREED / 2)
    {
      uint32_t h = freed_slot (p);
      for (uint32_t k = 0; k < NFREED; k++)
        {
          uint32_t i = (h + k) & (NFREED - 1);
          if (freed[i] == 0 || freed[i] == FREED_GONE)
            {
              freed[i] = p;
              n_freed++;
              break;
            }
        }
    }
  return true;
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

bool
rt_sched_held_by_other (const void *mutex)
{
  if (!rt_fibers)
    return false;
  RtSObj *o = rt_sched_obj ((uint64_t) (uintptr_t) mutex, RT_OBJ_FREE);
  return o != NULL && o->owner != RT_NONE && o->owner != rt_self.tid;
}
