/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * augur-ops.h — what each operation means: one table, read by every part
 * that asks what an operation does.
 *
 * An operation has a name at three levels, one enum each:
 *   - AugurEventKind (AUGUR_EV_*, common/augur-trace-format.h): what the
 *     program called, as the runtime records it;
 *   - AugurSchedOp (AUGUR_SOP_*, common/augur-sched-format.h): the step the
 *     controlled scheduler makes of it, what the explorer reorders;
 *   - AugurOp (AUGUR_OP_*, below): what a finding shows (results.json).
 * Each level has one table with one designated-initialised row per value
 * (augur-ops.c).  Its rows answer the questions the pipeline asks about an
 * operation: its name, which op or step it is at the other levels, whether
 * it reads or writes memory (and its McPatom access kind), which lock it
 * acquires or releases and in which field of the step, whether it may
 * block, and whether it is a synchronisation for happens-before.  The
 * code that asks reads the row instead of listing case labels: a new
 * primitive is one row per level here (doc/design.md, "The operation
 * table", lists what else must change).
 *
 * Plain C99, no GLib: the runtime (libc only) may link it too.  Every
 * lookup takes any value; one that is not in its enum reads the row of
 * NONE (events, steps) or a row that answers nothing (ops).
 */
#ifndef AUGUR_OPS_H
#define AUGUR_OPS_H

#include <stddef.h>
#include <stdint.h>

#include "common/augur-sched-format.h"
#include "common/augur-trace-format.h"

/* What a step or an access does, as findings show it.  Names
 * (augur_op_to_string, the `name` column) are the JSON spelling. */
typedef enum {
  AUGUR_OP_READ,
  AUGUR_OP_WRITE,
  AUGUR_OP_ATOMIC_LOAD,
  AUGUR_OP_ATOMIC_STORE,
  AUGUR_OP_ATOMIC_RMW,
  AUGUR_OP_FENCE,
  AUGUR_OP_CREATE,        /* peer = the child */
  AUGUR_OP_START,         /* peer = the parent */
  AUGUR_OP_EXIT,
  AUGUR_OP_JOIN,          /* peer = the joined thread */
  AUGUR_OP_DETACH,        /* peer = the detached thread */
  AUGUR_OP_INIT,          /* of a lock, condition, barrier or semaphore */
  AUGUR_OP_DESTROY,
  AUGUR_OP_LOCK_REQUEST,  /* about to block on a lock (a deadlock's last step) */
  AUGUR_OP_LOCK,          /* mutex, write-lock of a rwlock, spinlock */
  AUGUR_OP_RDLOCK,
  AUGUR_OP_TRYLOCK,       /* a trylock that acquired */
  AUGUR_OP_UNLOCK,
  AUGUR_OP_WAIT,          /* condition wait: releases the mutex and blocks */
  AUGUR_OP_WAKE,          /* back from a condition wait, mutex re-acquired */
  AUGUR_OP_SIGNAL,
  AUGUR_OP_BROADCAST,
  AUGUR_OP_SEM_WAIT,
  AUGUR_OP_SEM_POST,
  AUGUR_OP_BARRIER_ENTER,
  AUGUR_OP_BARRIER_LEAVE,
  AUGUR_OP_ALLOC,
  AUGUR_OP_FREE,
  AUGUR_OP_ASSERT_FAIL,   /* a failed assertion */
  AUGUR_OP_FAULT,         /* a fatal signal */
  AUGUR_OP_END,           /* the process ended (return from main, exit) */
  AUGUR_OP_YIELD,         /* a sleep or yield (no effect under the explorer: time is virtual) */
  AUGUR_OP_TIME,          /* a time function read the clock */
  AUGUR_OP_KILL,          /* pthread_kill: peer = the thread signalled */
  AUGUR_OP_HANDLER,       /* a signal sent to the thread: its handler runs now */
  AUGUR_OP_SIGWAIT,       /* sigwait and its kin, sigsuspend, pause: takes or waits for a signal */
  AUGUR_OP_MAIN,          /* main is called (what its thread did before: constructors) */
  AUGUR_OP_SPURIOUS_WAKE, /* back from a condition wait that no signal ended (POSIX allows
                           * it): the explorer's schedules only */
  AUGUR_OP_ABORT,         /* abort() called by the program, not by a failed assert() (the
                           * explorer's findings; a recorded trace's abort is ASSERT_FAIL) */
  AUGUR_OP_N_OPS
} AugurOp;

/* ---- the columns ---- */

/* Memory access bits (`access` of events, `mem` of ops).  The values are
 * the predictor's AUGUR_ACC_* (predictor/model.h). */
enum {
  AUGUR_OPS_ACC_READ = 1,
  AUGUR_OPS_ACC_WRITE = 2,
  AUGUR_OPS_ACC_ATOMIC = 4,
  AUGUR_OPS_ACC_WRITE_IF_AUX = 8,   /* writes only when aux is 1 (a CAS that succeeded) */
};

/* The object an event's addr names. */
typedef enum {
  AUGUR_OPS_OBJ_NONE = 0,   /* none (fence, time, sleep, end, records that are not events) */
  AUGUR_OPS_OBJ_MEMORY,     /* program memory */
  AUGUR_OPS_OBJ_THREAD,     /* addr is a thread id */
  AUGUR_OPS_OBJ_MUTEX,
  AUGUR_OPS_OBJ_RWLOCK,
  AUGUR_OPS_OBJ_SPIN,
  AUGUR_OPS_OBJ_COND,
  AUGUR_OPS_OBJ_BARRIER,
  AUGUR_OPS_OBJ_SEM,
  AUGUR_OPS_OBJ_ONCE,
  AUGUR_OPS_OBJ_HEAP,       /* a heap block (alloc, free) */
} AugurOpsObject;

/* May the call wait for another thread for ever (a deadlock's wait)?  A
 * try does not wait; a timed form gives up. */
typedef enum {
  AUGUR_OPS_BLOCK_NEVER = 0,
  AUGUR_OPS_BLOCK_ALWAYS,       /* it may */
  AUGUR_OPS_BLOCK_UNLESS_TRY,   /* unless its aux is AUGUR_TRY_TRY or AUGUR_TRY_TIMED */
} AugurOpsBlock;

/* What a step does to a lock (mutex, rwlock, spinlock, a condition
 * wait's mutex). */
typedef enum {
  AUGUR_OPS_LOCK_NONE = 0,
  AUGUR_OPS_LOCK_ACQUIRE,
  AUGUR_OPS_LOCK_TRY,       /* tried it and found it held (TRYLOCK_FAIL): took nothing */
  AUGUR_OPS_LOCK_RELEASE,
} AugurOpsLock;

/* Which field of a step holds its lock. */
typedef enum {
  AUGUR_OPS_IN_OBJ = 0,
  AUGUR_OPS_IN_ARG,         /* a condition wait or wake: arg is its mutex */
} AugurOpsField;

/* How a step is a memory access for dependency (explorer/dpor*.c). */
typedef enum {
  AUGUR_OPS_MEM_NONE = 0,   /* none: locks are ordered as locks, thread ops by their clocks */
  AUGUR_OPS_MEM_READ,       /* a read of [obj, obj + size) */
  AUGUR_OPS_MEM_WRITE,      /* a write of [obj, obj + size) */
  AUGUR_OPS_MEM_OBJECT,     /* a write of the object obj (1 byte): condition variables,
                             * semaphores, barrier arrivals, init, destroy, once, detach */
} AugurOpsMem;

/* What a thread waits for when it is blocked at an op (deadlock prose). */
typedef enum {
  AUGUR_OPS_WAITS_NONE = 0,
  AUGUR_OPS_WAITS_LOCK,
  AUGUR_OPS_WAITS_COND,
  AUGUR_OPS_WAITS_THREAD,
  AUGUR_OPS_WAITS_SEM,
  AUGUR_OPS_WAITS_BARRIER,
  AUGUR_OPS_WAITS_ONCE,     /* a pthread_once routine another thread runs */
  AUGUR_OPS_WAITS_SIGNAL,   /* a signal (sigwait, sigsuspend, pause) */
} AugurOpsWaits;

/* The happens-before edges a report draws (reports/relevance.c): an op
 * publishes on a channel (sync_out) and a later op of another thread reads
 * it (sync_in).  CREATE and JOIN are keyed by thread, the others by the
 * object. */
typedef enum {
  AUGUR_OPS_SYNC_NONE = 0,
  AUGUR_OPS_SYNC_CREATE,    /* create -> the child's start */
  AUGUR_OPS_SYNC_JOIN,      /* exit -> the join of that thread */
  AUGUR_OPS_SYNC_LOCK,      /* unlock -> lock */
  AUGUR_OPS_SYNC_SIGNAL,    /* signal, broadcast -> wake */
  AUGUR_OPS_SYNC_SEM,       /* post -> wait */
  AUGUR_OPS_SYNC_BARRIER,   /* enter -> leave */
  AUGUR_OPS_SYNC_N_
} AugurOpsSync;

/* Is a recorded event of an op a step of an explorer prefix
 * (explorer/event-map.c)? */
typedef enum {
  AUGUR_OPS_STEP_NO = 0,    /* no step of its own (start, lock request, alloc, fence, the end) */
  AUGUR_OPS_STEP_YES,
  AUGUR_OPS_STEP_DEPENDS,   /* a free or an init: as the runtime decides, from what is around */
} AugurOpsStep;

/* ---- the rows ---- */

/* A trace event kind. */
typedef struct {
  const char    *name;      /* trace spelling (augur_event_kind_name); NULL: not a kind */
  AugurOp        op;        /* as findings show it (END: by aux, augur_ops_end_op).  Records
                             * that are no thread's operation read AUGUR_OP_FENCE, an op
                             * that orders nothing */
  AugurSchedOp   sop;       /* the step the runtime makes of it when it succeeds (a failed
                             * trylock is TRYLOCK_FAIL, a failed CAS a READ); NONE: no step */
  AugurOpsObject object;    /* what addr names */
  uint8_t        access;    /* McPatom access kind (AUGUR_OPS_ACC_*): what the predictor
                             * models as an access of a variable; 0 for everything else,
                             * ranges included */
  AugurOpsBlock  block;     /* may it wait for another thread */
  uint8_t        sync;      /* a synchronisation for happens-before (it ends the predictor's
                             * block of local accesses, predictor/model.c) when it succeeds */
} AugurOpsEvent;

/* A scheduler op (a step). */
typedef struct {
  const char   *name;
  AugurOp       op;         /* as findings show the step (explorer/steps.c refines it by the
                             * step's event and flags: atomics, time, trylock, detach) */
  AugurOpsMem   mem;        /* as a memory access for dependency */
  AugurOpsLock  lock;       /* what it does to a lock ... */
  AugurOpsField lock_in;    /* ... and which field holds that lock */
  uint8_t       may_block;  /* the scheduler may find it not enabled (rt_sched_obj_enabled) */
  uint8_t       names_object; /* obj is an object with a stable name; 0: thread ops, yield,
                             * end */
  const char   *verb;       /* prose: "thread 2 <verb> `m`" (NULL: "uses") */
  AugurOpsWaits waits;      /* what a thread blocked at it waits for (NONE: a lock, END) */
  uint8_t       shared;     /* a lock others may hold too (a read lock): not exclusive */
  uint8_t       release_all; /* releases every hold of its lock (a condition wait, however
                             * often a recursive mutex was locked); else one */
  uint8_t       uses_obj;   /* obj is memory it uses: after a free, a use after free
                             * (explorer/memcheck.c; inits, barriers, once: not checked) */
} AugurOpsSched;

/* An op of a finding. */
typedef struct {
  const char   *name;       /* JSON spelling */
  uint8_t       mem;        /* AUGUR_OPS_ACC_READ / WRITE / ATOMIC: a memory access */
  AugurOpsLock  lock;       /* acquires or releases a lock (ACQUIRE, RELEASE) */
  AugurOpsWaits waits;      /* what a thread blocked at it waits for; NONE: it cannot block */
  AugurOpsSync  sync_out;   /* the happens-before edge it starts ... */
  AugurOpsSync  sync_in;    /* ... and ends */
  AugurOpsStep  step;       /* is a recorded event of it a step of an explorer prefix */
  const char   *verb;       /* prose: "thread 2 <verb> `x`" (NULL: its name) */
  uint8_t       mutex_use;  /* may be a mutex's first use: the runtime notes a statically
                             * initialised mutex (an init) right before it */
} AugurOpsOp;

extern const AugurOpsEvent augur_ops_events[AUGUR_EV_LAST_];
extern const AugurOpsSched augur_ops_scheds[AUGUR_SOP_N_];
extern const AugurOpsOp augur_ops_ops[AUGUR_OP_N_OPS + 1];   /* [AUGUR_OP_N_OPS]: no op */

static inline const AugurOpsEvent *
augur_ops_event (unsigned kind)
{
  /* a value between two kinds has an all-zero row, no name */
  return &augur_ops_events[kind < AUGUR_EV_LAST_ && augur_ops_events[kind].name != NULL
                           ? kind : AUGUR_EV_NONE];
}

static inline const AugurOpsSched *
augur_ops_sched (unsigned sop)
{
  return &augur_ops_scheds[sop < AUGUR_SOP_N_ ? sop : AUGUR_SOP_NONE];
}

static inline const AugurOpsOp *
augur_ops_op (unsigned op)
{
  return &augur_ops_ops[op < AUGUR_OP_N_OPS ? op : AUGUR_OP_N_OPS];
}

/* The step rows' mem column again, as bit sets of step ops, for the
 * explorer's hot loops (explorer/dpor-classic.c's dependency test, once
 * per pair of steps): a test of the op against a constant, as the switch
 * it replaces compiled to, instead of a load that waits for the op.
 * tests/unit/test-ops.c checks it against every row. */
#define AUGUR_OPS_SOP_BIT_(sop) (1u << (sop))
#define AUGUR_OPS_SCHED_MEM_READ_SET AUGUR_OPS_SOP_BIT_ (AUGUR_SOP_READ)
#define AUGUR_OPS_SCHED_MEM_WRITE_SET AUGUR_OPS_SOP_BIT_ (AUGUR_SOP_WRITE)
#define AUGUR_OPS_SCHED_MEM_OBJECT_SET                                                            \
  (AUGUR_OPS_SOP_BIT_ (AUGUR_SOP_COND_WAIT) | AUGUR_OPS_SOP_BIT_ (AUGUR_SOP_COND_WAKE)           \
   | AUGUR_OPS_SOP_BIT_ (AUGUR_SOP_SIGNAL) | AUGUR_OPS_SOP_BIT_ (AUGUR_SOP_BROADCAST)            \
   | AUGUR_OPS_SOP_BIT_ (AUGUR_SOP_SEM_WAIT) | AUGUR_OPS_SOP_BIT_ (AUGUR_SOP_SEM_POST)           \
   | AUGUR_OPS_SOP_BIT_ (AUGUR_SOP_BARRIER_ARRIVE) | AUGUR_OPS_SOP_BIT_ (AUGUR_SOP_INIT)         \
   | AUGUR_OPS_SOP_BIT_ (AUGUR_SOP_DESTROY) | AUGUR_OPS_SOP_BIT_ (AUGUR_SOP_OTHER))

static inline AugurOpsMem
augur_ops_sched_mem (unsigned sop)
{
  uint32_t bit = sop < AUGUR_SOP_N_ ? AUGUR_OPS_SOP_BIT_ (sop) : 0u;
  if (bit & (AUGUR_OPS_SCHED_MEM_READ_SET | AUGUR_OPS_SCHED_MEM_WRITE_SET))
    return bit & AUGUR_OPS_SCHED_MEM_READ_SET ? AUGUR_OPS_MEM_READ : AUGUR_OPS_MEM_WRITE;
  return bit & AUGUR_OPS_SCHED_MEM_OBJECT_SET ? AUGUR_OPS_MEM_OBJECT : AUGUR_OPS_MEM_NONE;
}

/* A step the program made by a synchronisation call (a pthread call, an
 * init, a thread create or join) or by free() (@xflags has
 * AUGUR_SXF_FREE): the scheduler keeps its callers (AugurSchedCallers),
 * which name the call site outside a wrapper such as libuv's
 * uv_mutex_lock or zstd's ZSTD_customFree.  Not other memory accesses,
 * exits, yields, the end. */
static inline int
augur_ops_sched_keeps_callers (unsigned sop, unsigned xflags)
{
  if (sop == AUGUR_SOP_WRITE)
    return (xflags & AUGUR_SXF_FREE) != 0;
  return sop > AUGUR_SOP_WRITE && sop < AUGUR_SOP_N_ && sop != AUGUR_SOP_EXIT
         && sop != AUGUR_SOP_YIELD && sop != AUGUR_SOP_END;
}

/* ---- questions that need more than the row ---- */

/* The op of an END record: how the process ended (aux = AUGUR_END_*). */
AugurOp augur_ops_end_op (unsigned aux);

/* The McPatom access kind of an event (AUGUR_OPS_ACC_READ / WRITE /
 * ATOMIC bits): a CAS writes only when it succeeded (aux = 1). */
static inline uint8_t
augur_ops_event_access (unsigned kind, unsigned aux)
{
  uint8_t acc = augur_ops_event (kind)->access;
  if ((acc & AUGUR_OPS_ACC_WRITE_IF_AUX) && aux == 1)
    acc |= AUGUR_OPS_ACC_WRITE;
  return acc & (uint8_t) ~AUGUR_OPS_ACC_WRITE_IF_AUX;
}

/* May this call (kind and the aux it was recorded with) wait for ever? */
static inline int
augur_ops_event_blocks (unsigned kind, unsigned aux)
{
  AugurOpsBlock b = augur_ops_event (kind)->block;
  return b == AUGUR_OPS_BLOCK_ALWAYS || (b == AUGUR_OPS_BLOCK_UNLESS_TRY && aux == AUGUR_TRY_BLOCKING);
}

/* Is the event's object a lock (mutex, rwlock, spinlock)? */
static inline int
augur_ops_event_on_lock (unsigned kind)
{
  AugurOpsObject o = augur_ops_event (kind)->object;
  return o == AUGUR_OPS_OBJ_MUTEX || o == AUGUR_OPS_OBJ_RWLOCK || o == AUGUR_OPS_OBJ_SPIN;
}

/* What step @s does to a lock; the lock in *lock unless NONE. */
static inline AugurOpsLock
augur_ops_step_lock (const AugurSchedStep *s, uint64_t *lock)
{
  const AugurOpsSched *row = augur_ops_sched (s->op);
  if (row->lock != AUGUR_OPS_LOCK_NONE)
    *lock = row->lock_in == AUGUR_OPS_IN_ARG ? s->arg : s->obj;
  return row->lock;
}

#endif /* AUGUR_OPS_H */
