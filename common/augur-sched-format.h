/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * augur-sched-format.h — the protocol between the explorer (explorer/) and
 * the controlled scheduler in the program under test (runtime/rt-sched.c).
 *
 * Shared by runtime/ (libc only) and the tools: plain C99 types, no GLib.
 *
 * The model:
 *   - augur starts the program with AUGUR_SCHED="MEMFD,CMDFD,STATUSFD": a
 *     shared memory file holding one AugurSchedShm, and two pipes.  The
 *     runtime stops in main's wrapper, before main runs and before any
 *     thread exists, and becomes a fork server: for each byte read from
 *     CMDFD it forks one child (one execution), waits for it, stores its
 *     wait status in the page and writes one byte to STATUSFD.
 *   - In the child, one thread runs at a time.  Before every visible
 *     operation (synchronisation, and shared accesses unless the explorer
 *     made them invisible) the thread publishes the operation and the
 *     thread holding the token chooses who runs next: prefix[k] for the
 *     first prefix_len steps (the explorer's replay + new branch), then any
 *     enabled thread whose pending operation is not in the sleep set
 *     (preferring the current one).  Each step taken is appended to
 *     steps[] before it executes and completed (result class) after.
 *   - Blocking is modelled, never left to the OS: a lock of a held mutex,
 *     a join of a live thread, a semaphore at 0, a condition wait (split in
 *     WAIT = release the mutex and enqueue, WAKE = signalled and the mutex
 *     re-acquired), a barrier not yet full.  A thread whose operation is
 *     not enabled is never chosen.  No enabled thread left: DEADLOCK if
 *     some live thread is blocked and none sleeps, SLEEP_BLOCKED if only
 *     sleep-set threads could run.
 *   - Two steps are dependent when one of their objects overlap and one of
 *     the two accesses to it writes (augur_sched_dependent below); the
 *     runtime uses it to wake sleep-set entries, the explorer for races.
 *   - Nothing is written to a trace, but the events that give addresses
 *     their stable names (common/objects.h: allocations, frees, thread
 *     stack tops and thread pointers) are appended to objects[], each
 *     tagged with the number of steps taken when it happened, so that the
 *     explorer can replay them between the steps and name every step's
 *     object as `augur predict` names it in a recorded trace.  When
 *     objects[] is full the later events are dropped and objects_lost_at
 *     says from which step on the names are incomplete.
 *   - Static pruning (explorer/prune.h): pruned[0..n_pruned) are PC ranges
 *     [lo, hi) of the executable (module 0, offsets as a step's pc), sorted
 *     and disjoint, holding only code of source lines that static analysis
 *     proved to race with nothing.  A plain access or mem/str range whose
 *     pc falls in one is not a scheduling point (it makes no step); atomics
 *     and synchronisation always are.  n_pruned = 0: nothing pruned.
 *
 * Any layout change bumps AUGUR_SCHED_VERSION.
 */
#ifndef AUGUR_SCHED_FORMAT_H
#define AUGUR_SCHED_FORMAT_H

#include <stdint.h>

#include "common/augur-trace-format.h"

#define AUGUR_ENV_SCHED "AUGUR_SCHED"            /* "MEMFD,CMDFD,STATUSFD" or "MEMFD" (no fork server) */
#define AUGUR_ENV_SCHED_STOP "AUGUR_SCHED_STOP"  /* raise SIGTRAP before this step (replay --gdb) */
/* set (not "0"): the execution server's malloc hands freed blocks back at
 * once, as glibc's per-thread cache does (runtime/rt-malloc.c); augur
 * explore --malloc-reuse sets it, the results file says so, and a replay
 * sets it again */
#define AUGUR_ENV_MALLOC_REUSE "AUGUR_MALLOC_REUSE"
/* the CPU the explorer chose for this server (decimal); unset: the CPU it
 * starts on */
#define AUGUR_ENV_SERVER_CPU "AUGUR_SERVER_CPU"
#define AUGUR_SCHED_MAGIC 0x41554753u            /* "AUGS" */
/* The runtime's answer to a page of another version (the first two
 * fields keep their places in every version): this magic, and its own
 * version in place of the explorer's. */
#define AUGUR_SCHED_MAGIC_OTHER 0x4155474fu      /* "AUGO" */
#define AUGUR_SCHED_VERSION 12u
#define AUGUR_SCHED_MAX_THREADS 1024u            /* more: the execution ends TOO_MANY_THREADS */
#define AUGUR_SCHED_MAX_STEPS (1u << 18)
/* PCT's deepest bug depth: depth - 1 priority change points, at most 16. */
#define AUGUR_SCHED_PCT_MAX_DEPTH 17u
#define AUGUR_SCHED_MAX_SLEEP 256u
#define AUGUR_SCHED_MAX_MISUSE 32u
#define AUGUR_SCHED_MAX_OBJECTS (1u << 16)
#define AUGUR_SCHED_MAX_PRUNED 4096u
#define AUGUR_SCHED_MAX_FAILURES 8u
#define AUGUR_SCHED_MAX_ENABLED (1u << 18)      /* entries of the enabled-set log */

/* What a step does, as far as scheduling and dependency are concerned. */
typedef enum {
  AUGUR_SOP_NONE = 0,
  AUGUR_SOP_READ,           /* plain or atomic load, failed CAS */
  AUGUR_SOP_WRITE,          /* plain or atomic store, RMW, successful CAS */
  AUGUR_SOP_LOCK,           /* mutex/spinlock acquired (lock, timedlock, trylock ok) */
  AUGUR_SOP_TRYLOCK_FAIL,   /* a trylock that found the lock held */
  AUGUR_SOP_UNLOCK,
  AUGUR_SOP_RDLOCK,
  AUGUR_SOP_WRLOCK,
  AUGUR_SOP_RWUNLOCK,
  AUGUR_SOP_COND_WAIT,      /* obj = cond, arg = mutex: releases it and waits */
  AUGUR_SOP_COND_WAKE,      /* obj = cond, arg = mutex: re-acquired; arg2 = waking step or -1 */
  AUGUR_SOP_SIGNAL,
  AUGUR_SOP_BROADCAST,
  AUGUR_SOP_SEM_WAIT,
  AUGUR_SOP_SEM_POST,
  AUGUR_SOP_BARRIER_ARRIVE,
  AUGUR_SOP_BARRIER_LEAVE,  /* arg2 = the arrival that completed the barrier */
  AUGUR_SOP_CREATE,         /* arg = child thread */
  AUGUR_SOP_JOIN,           /* arg = joined thread */
  AUGUR_SOP_EXIT,
  AUGUR_SOP_INIT,           /* of any synchronisation object */
  AUGUR_SOP_DESTROY,
  AUGUR_SOP_OTHER,          /* detach, once ...: a write of obj */
  AUGUR_SOP_YIELD,          /* sleep, usleep, nanosleep, sched_yield: touches nothing */
  AUGUR_SOP_END,            /* the process ends: exit/_exit/quick_exit, return from main
                             * (arg = AUGUR_END_EXIT, size = status), or a failure of this
                             * thread (arg = AUGUR_END_ASSERT / _ABORT / _SIGNAL).  Enabled
                             * only when no thread with another pending operation can run
                             * (and only for the lowest-numbered thread that asked) */
  AUGUR_SOP_N_
} AugurSchedOp;

/* step flags */
#define AUGUR_SF_ATOMIC  0x01u  /* an atomic access (never a data race with another atomic) */
#define AUGUR_SF_RANGE   0x02u  /* a mem or str range */
#define AUGUR_SF_TIMED   0x04u  /* a timed wait/lock (may time out) */
#define AUGUR_SF_TIMEOUT 0x08u  /* it did time out */
#define AUGUR_SF_FAILED  0x10u  /* the call returned an error */
#define AUGUR_SF_ONCE_DONE 0x20u /* a pthread_once (OTHER step, ev_kind ONCE) that found the
                                  * routine run by another thread: `size` is the step + 1 of
                                  * that thread's last step before the routine returned */
#define AUGUR_SF_ACQUIRE 0x40u  /* an atomic with acquire semantics (acquire, acq_rel, seq_cst,
                                  * consume); without it and AUGUR_SF_RELEASE an atomic is
                                  * relaxed and orders nothing for data races */
#define AUGUR_SF_RELEASE 0x80u  /* an atomic with release semantics (release, acq_rel, seq_cst) */

/* step xflags (the flags byte is full) */
#define AUGUR_SXF_SPURIOUS 0x01u /* a COND_WAKE that no signal caused and that did not time
                                  * out: a spurious wake-up, which POSIX allows */
#define AUGUR_SXF_AWOKEN   0x02u /* the thread's first step after it waited in a loop that
                                  * re-read memory nobody changed (rt-sched-await.c, "Await"):
                                  * arg = the step that woke it + 1 (0: the clock moved on),
                                  * which is before it in any execution */
#define AUGUR_SXF_CLOCK    0x04u /* a time function: an atomic read of AUGUR_SCHED_CLOCK_OBJ */
#define AUGUR_SXF_FREE     0x10u /* free(): a WRITE of the whole block (obj, size), so that it
                                  * races with the block's uses; ATOMIC: not a data race */
#define AUGUR_SXF_NEEDS_WAKER 0x20u /* a COND_WAKE that only its signal (size - 1) could cause:
                                  * no timeout or spurious wake-up was allowed any more, so
                                  * it is after the signal in every execution */
#define AUGUR_SXF_NO_WAITER 0x40u /* a SIGNAL or BROADCAST that found no thread to wake: it
                                  * changed nothing (a loop that only signals may still wait) */
#define AUGUR_SXF_TRY      0x80u /* a lock, read lock or write lock taken by a trylock: when
                                  * the lock is held it fails (TRYLOCK_FAIL) instead of
                                  * blocking, so it races with the release before it */
#define AUGUR_SXF_READ_UNLOCK 0x100u /* an RWUNLOCK of a read lock: it commutes with another
                                  * reader's RDLOCK (augur_sched_dependent) */
#define AUGUR_SXF_REL_FENCE 0x200u /* a release fence (release, acq_rel, seq_cst) came
                                    * between the thread's previous step and this one:
                                    * its later relaxed stores publish the clock of the
                                    * fence (C11 7.17.4; fences make no step) */
#define AUGUR_SXF_ACQ_FENCE 0x400u /* an acquire fence (acquire, acq_rel, seq_cst) came
                                    * there: what its earlier relaxed loads read
                                    * synchronises with it */
#define AUGUR_SXF_FOREIGN 0x1000u /* a free that code augur-cc did not build (libc) makes for
                                   * itself, maybe holding one of its own locks: no switch to
                                   * another thread right before it (preempt, PCT) */
#define AUGUR_SXF_RESUMED 0x800u  /* the operation a signal's delivery put aside, made after
                                    * the handlers (SIGNAL_DELIVER): it races with the kill,
                                    * as the thread could have made it before the signal came */
#define AUGUR_SXF_OWNER_DIED 0x2000u /* an UNLOCK that no call made: the owner of a robust
                                    * mutex exits holding it, which releases it marked
                                    * "owner died" (runtime/rt-sched-robust.c) */
#define AUGUR_SXF_DEAD_FRAME 0x8000u /* a READ or WRITE of another thread's stack below the
                                    * frame of its function that made its last step: a
                                    * local of a function that has returned */
#define AUGUR_SXF_VOLATILE 0x4000u /* a plain READ or WRITE through a volatile lvalue: as
                                    * plain as any other (volatile is not atomic), named so
                                    * in a race's explanation */
#define AUGUR_SXF_CLOCK_JUMP 0x08u /* the virtual clock moved on just before this step (nothing
                                  * could run but waits on time): the step also writes the
                                  * clock */

/* One step: 32 bytes. */
typedef struct {
  uint16_t tid;
  uint8_t  op;       /* AugurSchedOp */
  uint8_t  flags;    /* AUGUR_SF_* */
  uint8_t  module;   /* module of pc (0 = executable) */
  uint8_t  ev_kind;  /* the trace event kind (AugurEventKind) the step came from */
  uint16_t xflags;   /* AUGUR_SXF_* */
  uint32_t pc;       /* offset in its module, 0 if unknown */
  uint32_t size;     /* bytes accessed (accesses); waker + 1 for WAKE/LEAVE */
  uint64_t obj;      /* address of the memory or object */
  uint64_t arg;      /* peer thread (create, join), mutex of a cond op */
} AugurSchedStep;

/* How the execution ended, as the child saw it. */
typedef enum {
  AUGUR_SST_RUNNING = 0,
  AUGUR_SST_DONE,           /* the process exited normally (main returned / exit) */
  AUGUR_SST_DEADLOCK,       /* live threads, none enabled, none asleep */
  AUGUR_SST_SLEEP_BLOCKED,  /* only sleeping threads could run: redundant */
  AUGUR_SST_DIVERGED,       /* the prefix could not be followed (k = diverged_at) */
  AUGUR_SST_INFEASIBLE,     /* the new branch's thread was not enabled */
  AUGUR_SST_STEP_BOUND,     /* max_steps reached */
  AUGUR_SST_ASSERT,         /* __assert_fail or abort called (failures[]) */
  AUGUR_SST_CRASH,          /* fatal signal caught (failures[]) */
  AUGUR_SST_TOO_MANY_THREADS,
  AUGUR_SST_EXIT_BOUND,     /* the process was asked to end, and the threads still running
                             * made exit_steps steps more without stopping: ended there */
  AUGUR_SST_UNFAIR,         /* live threads, none enabled, some parked in a loop that shows
                             * in passing a value another parked one waits on and never
                             * read (runtime/rt-sched-passing.c): no hang, the order where
                             * it reads it is run in another execution */
} AugurSchedStatus;

/* How the process ends, in an END step's arg (the same values as the
 * trace's AUGUR_END_* where they exist). */
enum {
  AUGUR_SEND_EXIT = 1,      /* exit, _exit, quick_exit, return from main: size = status */
  AUGUR_SEND_ASSERT = 2,    /* a failed assert */
  AUGUR_SEND_ABORT = 3,     /* abort() */
  AUGUR_SEND_SIGNAL = 4,    /* a fatal signal (real threads only; size = the signal) */
};

/* A failure of the execution: an assertion, abort or fatal signal.  The
 * failing thread records it at once and then waits (END step) until no
 * other thread can run, so failures of other threads that could happen
 * before the process ends are recorded too, in the order they happened. */
typedef struct {
  uint32_t status;    /* AUGUR_SST_ASSERT (assert, abort) or AUGUR_SST_CRASH */
  uint32_t tid;
  uint32_t line;      /* assertions */
  uint32_t pc;
  uint32_t signal;    /* the signal that ended it, 0 for an assertion before abort() */
  uint32_t step;      /* steps taken when it failed */
  uint8_t  module;
  uint8_t  fault;     /* AUGUR_FAULT_*: what a crash's memory fault touched */
  uint8_t  pad[6];
  char     file[160];
  char     function[96];
  char     expr[224];
} AugurSchedFailure;

/* A failure's fault: a load or a store through a null pointer (an
 * address below AUGUR_SCHED_NULL_PAGE, never mapped), or not known. */
enum {
  AUGUR_FAULT_UNKNOWN = 0,
  AUGUR_FAULT_NULL_LOAD,
  AUGUR_FAULT_NULL_STORE,
};
#define AUGUR_SCHED_NULL_PAGE 4096u

/* The calling functions of a synchronisation step (a lock, unlock, wait,
 * post, init ..., or a free: augur_ops_sched_keeps_callers): the call sites in the
 * program's functions that called the one making it, innermost first,
 * each as a step's (module, pc).  The child writes callers[k] when it
 * logs such a steps[k]; other entries are stale.  32 bytes.  A thread's
 * pending synchronisation call has them too (AugurSchedThread). */
#define AUGUR_SCHED_MAX_CALLERS 6u
typedef struct {
  uint8_t  n;
  uint8_t  module[AUGUR_SCHED_MAX_CALLERS];
  uint8_t  pad;
  uint32_t pc[AUGUR_SCHED_MAX_CALLERS];
} AugurSchedCallers;

/* The kernel calls of kernel_wait_call. */
enum {
  AUGUR_KERNEL_WAIT_NONE = 0,
  AUGUR_KERNEL_WAIT_POLL,     /* poll, ppoll */
  AUGUR_KERNEL_WAIT_SELECT,
  AUGUR_KERNEL_WAIT_EPOLL,    /* epoll_wait, epoll_pwait */
  AUGUR_KERNEL_WAIT_READ,     /* read, readv, recv and kin */
  /* or'ed in: the call waits for another thread's write to a channel of
   * the program's (in the scheduler, not in the kernel) and watches other
   * descriptors too, which only the world can make ready */
  AUGUR_KERNEL_WAIT_ALSO = 0x80,
};

/* A shared object of the program's (AugurSchedShm.modules): its load bias
 * and path, as the dynamic loader has them, and whether augur-cc built it
 * (its code is the program's: a library of the program's, not libc). */
#define AUGUR_SCHED_MAX_MODULES 32u
typedef struct {
  uint64_t bias;
  uint32_t instrumented;
  char     path[244];
} AugurSchedModule;

/* Per thread, written at the end of an execution (for deadlocks). */
typedef struct {
  uint8_t  state;     /* AUGUR_STH_* */
  uint8_t  spurious;  /* BLOCKED in a condition wait it may leave without a signal (a
                       * spurious wake-up): the explorer may ask for it (a prefix) */
  uint8_t  repeats;   /* AUGUR_STH_AWAITING: its pending step repeats one the execution has
                       * (a loop recognised by its iterations, not an announced wait) */
  uint8_t  pad[1];
  uint32_t owner;     /* for a blocked lock: the holder, else UINT32_MAX; for a condition
                       * wait: the holder of its mutex */
  uint32_t waker;     /* a condition wait signalled (it waits for its mutex): the signal's
                       * step + 1; else 0 */
  AugurSchedStep pending;  /* the operation it waits to do */
  uint64_t await_obj; /* AUGUR_STH_AWAITING: the first location its loop re-read */
  uint32_t await_size;
  uint32_t await_pc;  /* ... and where */
  uint64_t await_also[2]; /* ... the next ones it re-read, 0 if none (the loop's
                           * condition need not be its first read) */
  AugurSchedCallers callers;  /* of a pending synchronisation call (n = 0 otherwise): where
                               * a deadlocked lock request was called from */
} AugurSchedThread;

/* The enabled-set log: which threads could take the next step, as the
 * scheduler saw them before each step it chose.  Only changes are logged:
 * entry (step, tid, on) says that from step `step` on, thread tid is
 * enabled (on = 1) or not (on = 0), until a later entry says otherwise.
 * A thread is enabled at step k if its last entry with step <= k has
 * on = 1.  Sleeping threads count as enabled. */
typedef struct {
  uint32_t step;
  uint16_t tid;
  uint8_t  on;
  uint8_t  pad;
} AugurSchedEnabled;

enum {
  AUGUR_STH_UNUSED = 0,
  AUGUR_STH_ENABLED,
  AUGUR_STH_BLOCKED,        /* its pending operation cannot run (a lock held, ...) */
  AUGUR_STH_EXITED,
  AUGUR_STH_AWAITING,       /* it re-read memory in a loop that nobody changed: it waits for
                             * a write to what it read (rt-sched-await.c, "Await"); owner unused,
                             * await_obj = the first location it re-read */
};

/* A thread that the end of an execution found waiting for ever. */
static inline int
augur_sched_thread_stuck (uint8_t state)
{
  return state == AUGUR_STH_BLOCKED || state == AUGUR_STH_AWAITING;
}


/* A misuse of the pthread API seen by the child. */
typedef enum {
  AUGUR_MISUSE_UNLOCK_NOT_OWNER = 1,
  AUGUR_MISUSE_UNLOCK_UNLOCKED,      /* double unlock */
  AUGUR_MISUSE_DESTROY_HELD,
  AUGUR_MISUSE_DOUBLE_JOIN,
  AUGUR_MISUSE_RECURSIVE_LOCK,       /* relock of a normal mutex by its owner */
  AUGUR_MISUSE_COND_TWO_MUTEXES,
  AUGUR_MISUSE_MAIN_RETURNS,         /* main returned while threads still run */
  AUGUR_MISUSE_NOT_DESTROYED,        /* initialised, never destroyed */
  AUGUR_MISUSE_WAIT_NOT_OWNER,       /* cond wait without holding the mutex */
  AUGUR_MISUSE_UNINIT_MUTEX,         /* a heap mutex used before any init */
  AUGUR_MISUSE_UNINIT_COND,          /* a heap condition variable used before any init */
  AUGUR_MISUSE_INIT_IN_USE,          /* a mutex initialised while in use, or after it was used
                                      * without an init (a lock before pthread_mutex_init); a
                                      * barrier initialised while it is initialised */
  AUGUR_MISUSE_USE_AFTER_DESTROY,    /* a mutex, spinlock, rwlock, condition variable or barrier
                                      * used after its destroy */
  AUGUR_MISUSE_DOUBLE_FREE,          /* free() of a block already freed in this execution */
  AUGUR_MISUSE_INVALID_FREE,         /* free() of memory that malloc did not return */
  AUGUR_MISUSE_USE_AFTER_FREE,       /* an access to a freed block (found by the explorer) */
  AUGUR_MISUSE_DESTROY_WAITED,       /* a condition variable destroyed while a thread waits on it */
  AUGUR_MISUSE_UNINIT_BARRIER,       /* a barrier waited on or destroyed, never initialised */
  AUGUR_MISUSE_DESTROY_WAITED_BARRIER, /* a barrier destroyed while a thread waits at it */
  AUGUR_MISUSE_DOUBLE_DESTROY,       /* a destroy of an object destroyed already and not
                                      * initialised since (any kind: mutex ... semaphore) */
  AUGUR_MISUSE_SELF_JOIN,            /* a thread joins itself (glibc: EDEADLK) */
  AUGUR_MISUSE_FREE_WAITED,          /* a block freed while a thread waits on an object in it
                                      * (a lock of a mutex there): tid, pc are the waiter's,
                                      * step the free's */
} AugurMisuseKind;

typedef struct {
  uint32_t kind;      /* AugurMisuseKind */
  uint32_t step;      /* step index it happened at */
  uint32_t tid;
  uint32_t pc;
  uint8_t  module;
  uint8_t  pad[7];
  uint64_t obj;
} AugurSchedMisuse;

/* An event that changes the names of addresses, with the fields of the
 * trace record it stands for (common/augur-trace-format.h): ALLOC (addr,
 * arg = size, aux = allocation number in the thread), FREE (addr),
 * THREAD_START (addr = parent, arg = stack top), THREAD_TLS (addr =
 * the thread pointer, arg = the reach of static TLS below it), for
 * main on a fiber, THREAD_ARGS (addr = where argv lies above), and, for a
 * thread on a fiber stack the runtime mapped, THREAD_EXIT right after its
 * exit step (addr = the stack's low end, arg = its size: dead from then
 * on).  An ALLOC also says where the block was allocated (module, pc as a
 * step's), which names it in findings of this execution
 * (explorer/steps.h: another execution's block of the same number may
 * be another one).  40 bytes. */
typedef struct {
  uint32_t step;     /* happened before steps[step] (n_steps at the time) */
  uint8_t  kind;     /* AugurEventKind */
  uint8_t  module;   /* ALLOC: the module of pc; else 0 */
  uint8_t  pad[2];
  uint32_t tid;
  uint32_t aux;
  uint64_t addr;
  uint64_t arg;
  uint32_t pc;       /* ALLOC: the call site (0 if unknown); else 0 */
  uint32_t pad2;
} AugurSchedObjectEvent;

typedef struct {
  uint32_t magic;
  uint32_t version;
  /* ---- written by the explorer before each execution ---- */
  uint32_t prefix_len;      /* steps forced: prefix[0..prefix_len) */
  uint32_t n_sleep;         /* sleep entries valid from step prefix_len-1 on */
  uint32_t max_steps;       /* step bound (<= AUGUR_SCHED_MAX_STEPS) */
  uint32_t flags;           /* AUGUR_SCHED_F_* */
  uint32_t check_prefix;    /* compare op/pc of replayed steps with expect[] */
  uint32_t pad0;
  /* ---- written by the child ---- */
  uint32_t status;          /* AugurSchedStatus */
  uint32_t n_steps;
  uint32_t diverged_at;
  uint32_t n_misuse;
  uint32_t n_threads;       /* threads created + main */
  int32_t  child_pid;
  uint32_t n_objects;       /* objects[0..n_objects) */
  uint32_t objects_lost_at; /* objects[] was full at this step (UINT32_MAX: never) */
  /* ---- written by the fork server ---- */
  int32_t  wait_status;     /* waitpid() status of the child */
  int32_t  server_cpu;      /* the CPU the fork server pinned itself to (-1: none) */
  uint64_t exe_bias;        /* load bias of the executable (symbols of globals) */
  uint32_t random_seed;     /* nonzero: PCT scheduling after the prefix (Burckhardt et al.
                             * 2010): random thread priorities, pct_depth - 1 change points
                             * among the pct_steps steps after the prefix */
  uint32_t pct_depth;       /* at most AUGUR_SCHED_PCT_MAX_DEPTH */
  uint32_t pct_steps;
  uint32_t pad3;
  /* the execution server (runtime/rt-sched.c): AUGUR_SERVER_*, written by
   * the server and the fork server; no_fibers: executions are forked
   * children with real threads (from the start, or since one needed them),
   * AUGUR_FORKED_*: why; fiber_executions: how many ran in the server */
  uint32_t server_state;
  uint32_t no_fibers;
  uint64_t fiber_executions;
  uint64_t thread_depth;    /* top of a real thread's stack minus its first runtime frame
                             * (runtime/rt-thread.c), measured once; 0 = not yet */
  /* written by the first child that knows it, kept for the next ones */
  uint64_t stack_top_from_tp; /* top of a thread stack glibc allocated minus the thread's
                               * thread pointer: a constant of the process; 0 = unknown */
  /* failures (assertion, abort, crash), in the order they happened */
  uint32_t n_failures;
  uint32_t n_enabled;       /* enabled[0..n_enabled) */
  uint32_t enabled_lost_at; /* enabled[] was full at this step (UINT32_MAX: never) */
  uint32_t exit_steps;      /* written by the explorer: steps other threads may take after
                             * an END was asked for before it is forced (0 = 10,000) */
  uint32_t flags2;          /* AUGUR_SCHED_F2_*, written by the explorer */
  uint32_t clock_jumps;     /* written by the child: times the virtual clock moved on */
  /* written by the child around a kernel call that may wait for what augur
   * does not model (a poll that watches a descriptor the program did not
   * make, a read of one: runtime/rt-fdio.c): the thread + 1 inside one, 0
   * if none; where; and which call (AUGUR_KERNEL_WAIT_*).  A run the
   * watchdog kills there may be waiting for the world, not hung */
  uint32_t kernel_wait;
  uint32_t kernel_wait_pc;
  uint8_t  kernel_wait_module;
  uint8_t  kernel_wait_call;
  /* ... and the first wait of the execution on channels that also watched
   * other descriptors, only the channels waking it (call 0: none) */
  uint8_t  world_wait_module;
  uint8_t  world_wait_call;
  uint32_t world_wait_pc;
  /* written by the child when every thread waits (a deadlock or hang): the
   * first signal the program then handles that may come from outside the
   * program (a timer, a child's exit, another process), which augur does
   * not send, and where its handler is; 0 if none
   * (runtime/rt-sched-signal.c) */
  uint32_t outside_sig_pc;
  uint8_t  outside_sig_module;
  uint8_t  outside_sig;
  uint16_t pad6;
  /* the shared objects the program's steps were found in (module 1 on; 0
   * is the executable, see exe_bias): written by the child that met each
   * first, kept for the next ones, which load the same objects at the
   * same addresses and number them alike; more than
   * AUGUR_SCHED_MAX_MODULES are counted but not described */
  uint32_t n_modules;
  uint32_t pad5;
  AugurSchedModule modules[AUGUR_SCHED_MAX_MODULES];
  AugurSchedFailure failures[AUGUR_SCHED_MAX_FAILURES];
  /* written by the explorer once, before the first execution */
  uint32_t n_pruned;        /* pruned[0..n_pruned): see "Static pruning" above */
  uint32_t pad4;
  struct { uint32_t lo, hi; } pruned[AUGUR_SCHED_MAX_PRUNED];
  AugurSchedThread threads[AUGUR_SCHED_MAX_THREADS];
  AugurSchedMisuse misuse[AUGUR_SCHED_MAX_MISUSE];
  AugurSchedObjectEvent objects[AUGUR_SCHED_MAX_OBJECTS];
  AugurSchedStep sleep[AUGUR_SCHED_MAX_SLEEP];
  AugurSchedEnabled enabled[AUGUR_SCHED_MAX_ENABLED];
  uint16_t prefix[AUGUR_SCHED_MAX_STEPS];
  AugurSchedStep expect[AUGUR_SCHED_MAX_STEPS];  /* for check_prefix */
  AugurSchedStep steps[AUGUR_SCHED_MAX_STEPS];
  AugurSchedCallers callers[AUGUR_SCHED_MAX_STEPS];
} AugurSchedShm;

enum { AUGUR_SERVER_IDLE = 0, AUGUR_SERVER_RUNNING, AUGUR_SERVER_GONE };

/* Why executions run as forked children with real threads (no_fibers). */
enum {
  AUGUR_FORKED_NO = 0,
  AUGUR_FORKED_ASKED,          /* AUGUR_FIBERS=0, or replay --gdb */
  AUGUR_FORKED_DESTRUCTORS,    /* the program or a library has destructors */
  AUGUR_FORKED_EXIT_HANDLERS,  /* it registers exit handlers (atexit) */
  AUGUR_FORKED_TLS,            /* it has thread-local variables of its own */
  AUGUR_FORKED_CANCEL,         /* it cancels a thread */
  AUGUR_FORKED_SIGNAL,         /* it sends a thread a signal with no handler */
  AUGUR_FORKED_CLEANUP,        /* it uses cleanup handlers */
  AUGUR_FORKED_FORK,           /* it forks */
  AUGUR_FORKED_MMAP,           /* it maps or unmaps memory itself */
  AUGUR_FORKED_SETUP,          /* the server could not be set up (memory, architecture) */
  AUGUR_FORKED_TLS_DTORS,      /* it has thread_local objects with destructors */
  AUGUR_FORKED_FD_COPIES,      /* it dup2s onto a descriptor the server keeps its copies at */
  AUGUR_FORKED_THREAD_KERNEL,  /* it asks the kernel about a thread (scheduling, affinity, attributes) */
};

#define AUGUR_SCHED_F_NO_ACCESSES 0x1u  /* plain accesses are invisible (sync only) */
#define AUGUR_SCHED_F2_NO_SPURIOUS 0x1u /* condition waits never wake up spuriously */
#define AUGUR_SCHED_F2_LOG_ENABLED 0x2u /* keep the enabled-set log (enabled[]) */
#define AUGUR_SCHED_F2_NO_FAIRNESS 0x4u /* never switch away from a thread that can go on
                                         * (preempt mode counts every switch) */

/* The virtual clock (time functions, rt-sched-await.c) is one object at this
 * address, which no program memory can have: a time function is an
 * atomic READ of it (AUGUR_SXF_CLOCK), a step that the clock moved on
 * before (AUGUR_SXF_CLOCK_JUMP) also writes it. */
#define AUGUR_SCHED_CLOCK_OBJ 0x10u

/* Did the execution fail (an assertion, abort or crash), whatever else
 * ended it? */
static inline int
augur_sched_failed (const AugurSchedShm *shm)
{
  return shm->n_failures > 0 || shm->status == AUGUR_SST_ASSERT || shm->status == AUGUR_SST_CRASH;
}

/* The waking step of a WAKE or BARRIER_LEAVE (index + 1, 0 if none) is kept
 * in `size`, which synchronisation objects do not need: they are 1 byte for
 * dependency purposes. */
static inline uint32_t
augur_sched_step_waker (const AugurSchedStep *s)
{
  return (s->op == AUGUR_SOP_COND_WAKE || s->op == AUGUR_SOP_BARRIER_LEAVE
          || (s->op == AUGUR_SOP_OTHER && (s->flags & AUGUR_SF_ONCE_DONE))
          || s->ev_kind == AUGUR_EV_SIGNAL_DELIVER
          || (s->ev_kind == AUGUR_EV_SIGNAL_WAIT && s->op == AUGUR_SOP_OTHER)) ? s->size : 0;
}

static inline uint32_t
augur_sched_step_size (const AugurSchedStep *s)
{
  return (s->op == AUGUR_SOP_READ || s->op == AUGUR_SOP_WRITE) ? (s->size ? s->size : 1) : 1;
}

static inline int
augur_sched_op_reads_only (uint8_t op)
{
  return op == AUGUR_SOP_READ || op == AUGUR_SOP_TRYLOCK_FAIL || op == AUGUR_SOP_RDLOCK;
}

static inline int
augur_sched_op_is_cond (uint8_t op)
{
  return op == AUGUR_SOP_COND_WAIT || op == AUGUR_SOP_COND_WAKE;
}

static inline int
augur_sched_ranges_overlap (uint64_t a, uint32_t an, uint64_t b, uint32_t bn)
{
  return a < b + bn && b < a + an;
}

/* The virtual object every CREATE step writes: the next thread number.
 * Threads are numbered in the order of their creation steps, so two
 * creations swap their children's numbers when they swap (no real object
 * lives at address 1). */
#define AUGUR_SCHED_THREAD_COUNTER 1u

/* A signal may arrive anywhere in its target's run: a pthread_kill
 * (THREAD_KILL, arg = the target) depends on every step of the thread it
 * signals (a sleeping target wakes up; DPOR tries the kill before each). */
static inline int
augur_sched_kill_meets (const AugurSchedStep *a, const AugurSchedStep *b)
{
  return (a->ev_kind == AUGUR_EV_THREAD_KILL && b->tid == (uint16_t) a->arg)
         || (b->ev_kind == AUGUR_EV_THREAD_KILL && a->tid == (uint16_t) b->arg);
}

/* A step the clock moved on before writes the clock (a timed wait's
 * timeout does), which a time function reads; two such writes are
 * dependent too, as the DPOR pass has them race (both write
 * AUGUR_SCHED_CLOCK_OBJ): taken for independent here, a timeout moved
 * past the other thread's made a trace look explored that was not
 * (tests/difftest/README.md, class L). */
static inline int
augur_sched_clock_meets (const AugurSchedStep *a, const AugurSchedStep *b)
{
  return ((a->xflags & AUGUR_SXF_CLOCK_JUMP)
          && (b->xflags & (AUGUR_SXF_CLOCK | AUGUR_SXF_CLOCK_JUMP)))
         || ((b->xflags & AUGUR_SXF_CLOCK_JUMP) && (a->xflags & AUGUR_SXF_CLOCK));
}

/* A thread's end, as a tryjoin or timedjoin sees it: a virtual object per
 * thread (no real object lives below 0x10000) that its EXIT writes and a
 * try's JOIN (AUGUR_SXF_TRY) reads; a try that found the thread running
 * is an atomic READ of it (ev_kind THREAD_JOIN, arg = the thread), so
 * DPOR tries the try both before and after the end. */
#define AUGUR_SCHED_THREAD_END_OBJ(t) (0x1000u + (uint64_t) (t))

/* The end object an EXIT writes or a try's JOIN reads; 0 for other steps
 * (a failed try reads it as its obj). */
static inline uint64_t
augur_sched_end_access (const AugurSchedStep *s)
{
  if (s->op == AUGUR_SOP_EXIT)
    return AUGUR_SCHED_THREAD_END_OBJ (s->tid);
  if (s->op == AUGUR_SOP_JOIN && (s->xflags & AUGUR_SXF_TRY) && s->arg < AUGUR_SCHED_MAX_THREADS)
    return AUGUR_SCHED_THREAD_END_OBJ (s->arg);
  return 0;
}

/* A thread's end and a try to join it (pending or done, failed or not). */
static inline int
augur_sched_end_meets (const AugurSchedStep *a, const AugurSchedStep *b)
{
  if (a->op != AUGUR_SOP_EXIT)
    {
      if (b->op != AUGUR_SOP_EXIT)
        return 0;
      const AugurSchedStep *t = a;
      a = b;
      b = t;
    }
  uint64_t end = AUGUR_SCHED_THREAD_END_OBJ (a->tid);
  return augur_sched_end_access (b) == end
         || (b->op == AUGUR_SOP_READ && b->ev_kind == AUGUR_EV_THREAD_JOIN && b->obj == end);
}

/* Dependency of two steps of different threads (sleep sets, races):
 * they touch a common object and not both only read it.  Thread-only ops
 * (create, join, exit) depend on nothing here but each other's creations
 * (AUGUR_SCHED_THREAD_COUNTER) and a thread's end on a try to join it:
 * their order is program order plus the enabling relation; YIELD and END touch nothing (an END runs only once
 * nothing else can, so it is always last).  A condition wait or wake also
 * touches its mutex (arg). */
static inline int
augur_sched_dependent (const AugurSchedStep *a, const AugurSchedStep *b)
{
  /* the end of the process comes after everything, and nothing after it:
   * never asleep behind another thread's step */
  if ((a->op == AUGUR_SOP_END && b->op != AUGUR_SOP_NONE)
      || (b->op == AUGUR_SOP_END && a->op != AUGUR_SOP_NONE))
    return 1;
  if (a->op == AUGUR_SOP_CREATE && b->op == AUGUR_SOP_CREATE)
    return 1;
  /* two joins of one thread: whichever comes first succeeds, the other is
   * a misuse (undefined behaviour) */
  if (a->op == AUGUR_SOP_JOIN && b->op == AUGUR_SOP_JOIN && a->arg == b->arg)
    return 1;
  if (augur_sched_kill_meets (a, b) || augur_sched_clock_meets (a, b)
      || augur_sched_end_meets (a, b))
    return 1;
  if (a->op >= AUGUR_SOP_CREATE && a->op <= AUGUR_SOP_EXIT)
    return 0;
  if (b->op >= AUGUR_SOP_CREATE && b->op <= AUGUR_SOP_EXIT)
    return 0;
  if (a->op == AUGUR_SOP_NONE || b->op == AUGUR_SOP_NONE)
    return 0;
  if (a->op >= AUGUR_SOP_YIELD || b->op >= AUGUR_SOP_YIELD)
    return 0;   /* YIELD: it touches nothing */
  /* a reader's release and another reader's acquisition or release: both
   * succeed in either order, with the same state after (DPOR never makes
   * them race) */
  int ra = a->op == AUGUR_SOP_RDLOCK
           || (a->op == AUGUR_SOP_RWUNLOCK && (a->xflags & AUGUR_SXF_READ_UNLOCK));
  int rb = b->op == AUGUR_SOP_RDLOCK
           || (b->op == AUGUR_SOP_RWUNLOCK && (b->xflags & AUGUR_SXF_READ_UNLOCK));
  if (ra && rb)
    return 0;
  int ro = augur_sched_op_reads_only (a->op) && augur_sched_op_reads_only (b->op);
  if (!ro && augur_sched_ranges_overlap (a->obj, augur_sched_step_size (a),
                                         b->obj, augur_sched_step_size (b)))
    /* a barrier's leave changes nothing another thread can see: it comes
     * after the arrival that completed the round (its waker), and that
     * arrival decided the serial thread (the DPOR pass never races it
     * either; as a write of the barrier it woke sleeping threads for
     * nothing: 150 traces where there are 66) */
    return a->op != AUGUR_SOP_BARRIER_LEAVE && b->op != AUGUR_SOP_BARRIER_LEAVE;
  int ac = augur_sched_op_is_cond (a->op), bc = augur_sched_op_is_cond (b->op);
  if (ac && (a->arg == b->obj || (bc && a->arg == b->arg)))
    return 1;
  if (bc && b->arg == a->obj)
    return 1;
  return 0;
}

#endif /* AUGUR_SCHED_FORMAT_H */
