/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * augur-ops.c — the operation table: one row per trace event, per
 * scheduler op and per finding op (see augur-ops.h for the columns).
 *
 * A column left out of a row is 0: no access, no lock, never blocks, no
 * synchronisation, no step.  Plain C99: no GLib.
 */
#include "config.h"

#include "common/augur-ops.h"


#define R AUGUR_OPS_ACC_READ
#define W AUGUR_OPS_ACC_WRITE
#define A AUGUR_OPS_ACC_ATOMIC

/* Trace events.  Records that are no thread's operation (a torn slot,
 * module, data, chunk) are a FENCE: an op that orders nothing. */
const AugurOpsEvent augur_ops_events[AUGUR_EV_LAST_] = {
  [AUGUR_EV_NONE] = { NULL, AUGUR_OP_FENCE, AUGUR_SOP_NONE, AUGUR_OPS_OBJ_NONE },

  [AUGUR_EV_READ] = { "read", AUGUR_OP_READ, AUGUR_SOP_READ, AUGUR_OPS_OBJ_MEMORY, .access = R },
  [AUGUR_EV_WRITE] = { "write", AUGUR_OP_WRITE, AUGUR_SOP_WRITE, AUGUR_OPS_OBJ_MEMORY, .access = W },
  [AUGUR_EV_READ_RANGE] = { "read_range", AUGUR_OP_READ, AUGUR_SOP_READ, AUGUR_OPS_OBJ_MEMORY },
  [AUGUR_EV_WRITE_RANGE] = { "write_range", AUGUR_OP_WRITE, AUGUR_SOP_WRITE, AUGUR_OPS_OBJ_MEMORY },
  [AUGUR_EV_ATOMIC_LOAD] = { "atomic_load", AUGUR_OP_ATOMIC_LOAD, AUGUR_SOP_READ, AUGUR_OPS_OBJ_MEMORY,
                             .access = R | A },
  [AUGUR_EV_ATOMIC_STORE] = { "atomic_store", AUGUR_OP_ATOMIC_STORE, AUGUR_SOP_WRITE,
                              AUGUR_OPS_OBJ_MEMORY, .access = W | A },
  [AUGUR_EV_ATOMIC_RMW] = { "atomic_rmw", AUGUR_OP_ATOMIC_RMW, AUGUR_SOP_WRITE, AUGUR_OPS_OBJ_MEMORY,
                            .access = R | W | A },
  [AUGUR_EV_ATOMIC_CAS] = { "atomic_cas", AUGUR_OP_ATOMIC_RMW, AUGUR_SOP_WRITE, AUGUR_OPS_OBJ_MEMORY,
                            .access = R | A | AUGUR_OPS_ACC_WRITE_IF_AUX },
  [AUGUR_EV_FENCE] = { "fence", AUGUR_OP_FENCE, AUGUR_SOP_NONE, AUGUR_OPS_OBJ_NONE },
  [AUGUR_EV_TIME] = { "time", AUGUR_OP_TIME, AUGUR_SOP_READ, AUGUR_OPS_OBJ_NONE },
  [AUGUR_EV_SLEEP] = { "sleep", AUGUR_OP_YIELD, AUGUR_SOP_YIELD, AUGUR_OPS_OBJ_NONE },

  [AUGUR_EV_THREAD_CREATE] = { "thread_create", AUGUR_OP_CREATE, AUGUR_SOP_CREATE, AUGUR_OPS_OBJ_THREAD,
                               .sync = 1 },
  [AUGUR_EV_THREAD_START] = { "thread_start", AUGUR_OP_START, AUGUR_SOP_NONE, AUGUR_OPS_OBJ_THREAD,
                              .sync = 1 },
  [AUGUR_EV_THREAD_EXIT] = { "thread_exit", AUGUR_OP_EXIT, AUGUR_SOP_EXIT, AUGUR_OPS_OBJ_NONE,
                             .sync = 1 },
  [AUGUR_EV_THREAD_JOIN] = { "thread_join", AUGUR_OP_JOIN, AUGUR_SOP_JOIN, AUGUR_OPS_OBJ_THREAD,
                             .block = AUGUR_OPS_BLOCK_ALWAYS, .sync = 1 },
  [AUGUR_EV_THREAD_DETACH] = { "thread_detach", AUGUR_OP_DETACH, AUGUR_SOP_OTHER, AUGUR_OPS_OBJ_THREAD },
  [AUGUR_EV_THREAD_TLS] = { "thread_tls", AUGUR_OP_START, AUGUR_SOP_NONE, AUGUR_OPS_OBJ_NONE },
  /* a write of the target's signal word; the delivery touches nothing and
   * comes after the kill (its waker) */
  [AUGUR_EV_THREAD_KILL] = { "thread_kill", AUGUR_OP_KILL, AUGUR_SOP_OTHER, AUGUR_OPS_OBJ_NONE,
                             .sync = 1 },
  [AUGUR_EV_SIGNAL_DELIVER] = { "signal_deliver", AUGUR_OP_HANDLER, AUGUR_SOP_YIELD,
                                AUGUR_OPS_OBJ_NONE, .sync = 1 },
  /* a write of the process's signal word, after the kill it took (its
   * waker); a poll that found nothing is a read of it */
  [AUGUR_EV_SIGNAL_WAIT] = { "signal_wait", AUGUR_OP_SIGWAIT, AUGUR_SOP_OTHER, AUGUR_OPS_OBJ_NONE,
                             .block = AUGUR_OPS_BLOCK_ALWAYS, .sync = 1 },

  [AUGUR_EV_MUTEX_INIT] = { "mutex_init", AUGUR_OP_INIT, AUGUR_SOP_INIT, AUGUR_OPS_OBJ_MUTEX },
  [AUGUR_EV_MUTEX_LOCK] = { "mutex_lock", AUGUR_OP_LOCK, AUGUR_SOP_LOCK, AUGUR_OPS_OBJ_MUTEX,
                            .block = AUGUR_OPS_BLOCK_ALWAYS, .sync = 1 },
  [AUGUR_EV_MUTEX_TRYLOCK] = { "mutex_trylock", AUGUR_OP_TRYLOCK, AUGUR_SOP_LOCK, AUGUR_OPS_OBJ_MUTEX,
                               .sync = 1 },
  /* it gives up when the time is up: no deadlock waits in it */
  [AUGUR_EV_MUTEX_TIMEDLOCK] = { "mutex_timedlock", AUGUR_OP_LOCK, AUGUR_SOP_LOCK, AUGUR_OPS_OBJ_MUTEX,
                                 .sync = 1 },
  [AUGUR_EV_MUTEX_UNLOCK] = { "mutex_unlock", AUGUR_OP_UNLOCK, AUGUR_SOP_UNLOCK, AUGUR_OPS_OBJ_MUTEX,
                              .sync = 1 },
  [AUGUR_EV_MUTEX_DESTROY] = { "mutex_destroy", AUGUR_OP_DESTROY, AUGUR_SOP_DESTROY, AUGUR_OPS_OBJ_MUTEX },
  [AUGUR_EV_MUTEX_LOCK_REQ] = { "mutex_lock_request", AUGUR_OP_LOCK_REQUEST, AUGUR_SOP_NONE,
                                AUGUR_OPS_OBJ_MUTEX, .block = AUGUR_OPS_BLOCK_ALWAYS },

  [AUGUR_EV_RWLOCK_INIT] = { "rwlock_init", AUGUR_OP_INIT, AUGUR_SOP_INIT, AUGUR_OPS_OBJ_RWLOCK },
  [AUGUR_EV_RWLOCK_RDLOCK] = { "rwlock_rdlock", AUGUR_OP_RDLOCK, AUGUR_SOP_RDLOCK, AUGUR_OPS_OBJ_RWLOCK,
                               .block = AUGUR_OPS_BLOCK_UNLESS_TRY, .sync = 1 },
  [AUGUR_EV_RWLOCK_WRLOCK] = { "rwlock_wrlock", AUGUR_OP_LOCK, AUGUR_SOP_WRLOCK, AUGUR_OPS_OBJ_RWLOCK,
                               .block = AUGUR_OPS_BLOCK_UNLESS_TRY, .sync = 1 },
  [AUGUR_EV_RWLOCK_UNLOCK] = { "rwlock_unlock", AUGUR_OP_UNLOCK, AUGUR_SOP_RWUNLOCK, AUGUR_OPS_OBJ_RWLOCK,
                               .sync = 1 },
  [AUGUR_EV_RWLOCK_DESTROY] = { "rwlock_destroy", AUGUR_OP_DESTROY, AUGUR_SOP_DESTROY,
                                AUGUR_OPS_OBJ_RWLOCK },

  [AUGUR_EV_COND_INIT] = { "cond_init", AUGUR_OP_INIT, AUGUR_SOP_INIT, AUGUR_OPS_OBJ_COND },
  [AUGUR_EV_COND_WAIT] = { "cond_wait", AUGUR_OP_WAIT, AUGUR_SOP_COND_WAIT, AUGUR_OPS_OBJ_COND,
                           .block = AUGUR_OPS_BLOCK_ALWAYS, .sync = 1 },
  /* the wake-up re-acquires the mutex: it may wait for it */
  [AUGUR_EV_COND_WAKE] = { "cond_wake", AUGUR_OP_WAKE, AUGUR_SOP_COND_WAKE, AUGUR_OPS_OBJ_COND,
                           .block = AUGUR_OPS_BLOCK_ALWAYS, .sync = 1 },
  [AUGUR_EV_COND_SIGNAL] = { "cond_signal", AUGUR_OP_SIGNAL, AUGUR_SOP_SIGNAL, AUGUR_OPS_OBJ_COND,
                             .sync = 1 },
  [AUGUR_EV_COND_BROADCAST] = { "cond_broadcast", AUGUR_OP_BROADCAST, AUGUR_SOP_BROADCAST,
                                AUGUR_OPS_OBJ_COND, .sync = 1 },
  [AUGUR_EV_COND_DESTROY] = { "cond_destroy", AUGUR_OP_DESTROY, AUGUR_SOP_DESTROY, AUGUR_OPS_OBJ_COND },

  [AUGUR_EV_BARRIER_INIT] = { "barrier_init", AUGUR_OP_INIT, AUGUR_SOP_INIT, AUGUR_OPS_OBJ_BARRIER },
  [AUGUR_EV_BARRIER_ENTER] = { "barrier_enter", AUGUR_OP_BARRIER_ENTER, AUGUR_SOP_BARRIER_ARRIVE,
                               AUGUR_OPS_OBJ_BARRIER, .block = AUGUR_OPS_BLOCK_ALWAYS, .sync = 1 },
  [AUGUR_EV_BARRIER_LEAVE] = { "barrier_leave", AUGUR_OP_BARRIER_LEAVE, AUGUR_SOP_BARRIER_LEAVE,
                               AUGUR_OPS_OBJ_BARRIER, .sync = 1 },
  [AUGUR_EV_BARRIER_DESTROY] = { "barrier_destroy", AUGUR_OP_DESTROY, AUGUR_SOP_DESTROY,
                                 AUGUR_OPS_OBJ_BARRIER },

  /* the initial value counts for the waits: a synchronisation */
  [AUGUR_EV_SEM_INIT] = { "sem_init", AUGUR_OP_INIT, AUGUR_SOP_INIT, AUGUR_OPS_OBJ_SEM, .sync = 1 },
  [AUGUR_EV_SEM_WAIT] = { "sem_wait", AUGUR_OP_SEM_WAIT, AUGUR_SOP_SEM_WAIT, AUGUR_OPS_OBJ_SEM,
                          .block = AUGUR_OPS_BLOCK_UNLESS_TRY, .sync = 1 },
  [AUGUR_EV_SEM_POST] = { "sem_post", AUGUR_OP_SEM_POST, AUGUR_SOP_SEM_POST, AUGUR_OPS_OBJ_SEM,
                          .sync = 1 },
  [AUGUR_EV_SEM_DESTROY] = { "sem_destroy", AUGUR_OP_DESTROY, AUGUR_SOP_DESTROY, AUGUR_OPS_OBJ_SEM },

  [AUGUR_EV_SPIN_INIT] = { "spin_init", AUGUR_OP_INIT, AUGUR_SOP_INIT, AUGUR_OPS_OBJ_SPIN },
  [AUGUR_EV_SPIN_LOCK] = { "spin_lock", AUGUR_OP_LOCK, AUGUR_SOP_LOCK, AUGUR_OPS_OBJ_SPIN,
                           .block = AUGUR_OPS_BLOCK_UNLESS_TRY, .sync = 1 },
  [AUGUR_EV_SPIN_UNLOCK] = { "spin_unlock", AUGUR_OP_UNLOCK, AUGUR_SOP_UNLOCK, AUGUR_OPS_OBJ_SPIN,
                             .sync = 1 },
  [AUGUR_EV_SPIN_DESTROY] = { "spin_destroy", AUGUR_OP_DESTROY, AUGUR_SOP_DESTROY, AUGUR_OPS_OBJ_SPIN },

  /* the call that ran the routine happens before those that found it done
   * (or waited for it) */
  [AUGUR_EV_ONCE] = { "once", AUGUR_OP_INIT, AUGUR_SOP_OTHER, AUGUR_OPS_OBJ_ONCE,
                      .block = AUGUR_OPS_BLOCK_ALWAYS, .sync = 1 },

  [AUGUR_EV_ALLOC] = { "alloc", AUGUR_OP_ALLOC, AUGUR_SOP_NONE, AUGUR_OPS_OBJ_HEAP },
  /* a write of the whole block, unless nothing happened since its
   * allocation (runtime/rt-sched-sync.c) */
  [AUGUR_EV_FREE] = { "free", AUGUR_OP_FREE, AUGUR_SOP_WRITE, AUGUR_OPS_OBJ_HEAP },

  [AUGUR_EV_MODULE] = { "module", AUGUR_OP_FENCE, AUGUR_SOP_NONE, AUGUR_OPS_OBJ_NONE },
  [AUGUR_EV_DATA] = { "data", AUGUR_OP_FENCE, AUGUR_SOP_NONE, AUGUR_OPS_OBJ_NONE },
  [AUGUR_EV_END] = { "end", AUGUR_OP_END, AUGUR_SOP_END, AUGUR_OPS_OBJ_NONE },
  [AUGUR_EV_CHUNK] = { "chunk", AUGUR_OP_FENCE, AUGUR_SOP_NONE, AUGUR_OPS_OBJ_NONE },
  /* the callers of the thread's last lock acquisition: no operation */
  [AUGUR_EV_CALLERS] = { "callers", AUGUR_OP_FENCE, AUGUR_SOP_NONE, AUGUR_OPS_OBJ_NONE },
  /* a frame of a creating thread's stack: no operation */
  [AUGUR_EV_FRAME] = { "frame", AUGUR_OP_FENCE, AUGUR_SOP_NONE, AUGUR_OPS_OBJ_NONE },
  /* where main's arguments are when main runs on a fiber: no operation */
  [AUGUR_EV_THREAD_ARGS] = { "thread_args", AUGUR_OP_MAIN, AUGUR_SOP_NONE, AUGUR_OPS_OBJ_NONE },
  /* the word that stands for a pipe the program made: no operation */
  [AUGUR_EV_CHANNEL] = { "channel", AUGUR_OP_FENCE, AUGUR_SOP_NONE, AUGUR_OPS_OBJ_NONE },
};

#define IN_ARG .lock_in = AUGUR_OPS_IN_ARG

/* Scheduler ops.  NONE is no step: AUGUR_OP_N_OPS, no op. */
const AugurOpsSched augur_ops_scheds[AUGUR_SOP_N_] = {
  [AUGUR_SOP_NONE] = { "none", AUGUR_OP_N_OPS, .names_object = 1 },
  [AUGUR_SOP_READ] = { "read", AUGUR_OP_READ, AUGUR_OPS_MEM_READ, .names_object = 1, .verb = "reads",
                       .uses_obj = 1 },
  [AUGUR_SOP_WRITE] = { "write", AUGUR_OP_WRITE, AUGUR_OPS_MEM_WRITE, .names_object = 1, .verb = "writes",
                        .uses_obj = 1 },
  [AUGUR_SOP_LOCK] = { "lock", AUGUR_OP_LOCK, .lock = AUGUR_OPS_LOCK_ACQUIRE, .may_block = 1,
                       .names_object = 1, .verb = "locks", .waits = AUGUR_OPS_WAITS_LOCK, .uses_obj = 1 },
  [AUGUR_SOP_TRYLOCK_FAIL] = { "trylock-fail", AUGUR_OP_LOCK_REQUEST, .lock = AUGUR_OPS_LOCK_TRY,
                               .names_object = 1, .verb = "tries to lock", .uses_obj = 1 },
  [AUGUR_SOP_UNLOCK] = { "unlock", AUGUR_OP_UNLOCK, .lock = AUGUR_OPS_LOCK_RELEASE, .names_object = 1,
                         .verb = "unlocks", .uses_obj = 1 },
  [AUGUR_SOP_RDLOCK] = { "rdlock", AUGUR_OP_RDLOCK, .lock = AUGUR_OPS_LOCK_ACQUIRE, .may_block = 1,
                         .names_object = 1, .verb = "read-locks", .waits = AUGUR_OPS_WAITS_LOCK,
                         .shared = 1, .uses_obj = 1 },
  [AUGUR_SOP_WRLOCK] = { "wrlock", AUGUR_OP_LOCK, .lock = AUGUR_OPS_LOCK_ACQUIRE, .may_block = 1,
                         .names_object = 1, .verb = "locks", .waits = AUGUR_OPS_WAITS_LOCK, .uses_obj = 1 },
  [AUGUR_SOP_RWUNLOCK] = { "rwunlock", AUGUR_OP_UNLOCK, .lock = AUGUR_OPS_LOCK_RELEASE,
                           .names_object = 1, .verb = "unlocks", .uses_obj = 1 },
  [AUGUR_SOP_COND_WAIT] = { "cond-wait", AUGUR_OP_WAIT, AUGUR_OPS_MEM_OBJECT, AUGUR_OPS_LOCK_RELEASE, IN_ARG,
                            .names_object = 1, .verb = "waits on", .waits = AUGUR_OPS_WAITS_COND,
                            .release_all = 1, .uses_obj = 1 },
  [AUGUR_SOP_COND_WAKE] = { "cond-wake", AUGUR_OP_WAKE, AUGUR_OPS_MEM_OBJECT, AUGUR_OPS_LOCK_ACQUIRE, IN_ARG,
                            .may_block = 1, .names_object = 1, .verb = "wakes up on",
                            .waits = AUGUR_OPS_WAITS_COND, .uses_obj = 1 },
  [AUGUR_SOP_SIGNAL] = { "signal", AUGUR_OP_SIGNAL, AUGUR_OPS_MEM_OBJECT, .names_object = 1,
                         .verb = "signals", .uses_obj = 1 },
  [AUGUR_SOP_BROADCAST] = { "broadcast", AUGUR_OP_BROADCAST, AUGUR_OPS_MEM_OBJECT, .names_object = 1,
                            .verb = "broadcasts", .uses_obj = 1 },
  [AUGUR_SOP_SEM_WAIT] = { "sem-wait", AUGUR_OP_SEM_WAIT, AUGUR_OPS_MEM_OBJECT, .may_block = 1,
                           .names_object = 1, .waits = AUGUR_OPS_WAITS_SEM, .uses_obj = 1 },
  [AUGUR_SOP_SEM_POST] = { "sem-post", AUGUR_OP_SEM_POST, AUGUR_OPS_MEM_OBJECT, .names_object = 1,
                           .uses_obj = 1 },
  [AUGUR_SOP_BARRIER_ARRIVE] = { "barrier-arrive", AUGUR_OP_BARRIER_ENTER, AUGUR_OPS_MEM_OBJECT,
                                 .names_object = 1, .verb = "waits on",
                                 .waits = AUGUR_OPS_WAITS_BARRIER },
  /* ordered after the arrival that completed the barrier (its waker) */
  [AUGUR_SOP_BARRIER_LEAVE] = { "barrier-leave", AUGUR_OP_BARRIER_LEAVE, .may_block = 1,
                                .names_object = 1, .verb = "leaves",
                                .waits = AUGUR_OPS_WAITS_BARRIER },
  [AUGUR_SOP_CREATE] = { "create", AUGUR_OP_CREATE, .verb = "creates" },
  [AUGUR_SOP_JOIN] = { "join", AUGUR_OP_JOIN, .may_block = 1, .verb = "joins",
                       .waits = AUGUR_OPS_WAITS_THREAD },
  [AUGUR_SOP_EXIT] = { "exit", AUGUR_OP_EXIT, .verb = "exits" },
  [AUGUR_SOP_INIT] = { "init", AUGUR_OP_INIT, AUGUR_OPS_MEM_OBJECT, .names_object = 1,
                       .verb = "initialises" },
  [AUGUR_SOP_DESTROY] = { "destroy", AUGUR_OP_DESTROY, AUGUR_OPS_MEM_OBJECT, .names_object = 1,
                          .verb = "destroys", .uses_obj = 1 },
  /* detach (an init as findings show it unless its event says detach),
   * once: waits while another thread runs the routine */
  [AUGUR_SOP_OTHER] = { "other", AUGUR_OP_INIT, AUGUR_OPS_MEM_OBJECT, .may_block = 1,
                        .names_object = 1, .waits = AUGUR_OPS_WAITS_ONCE },
  [AUGUR_SOP_YIELD] = { "yield", AUGUR_OP_YIELD },
  /* enabled only once no other thread can run */
  [AUGUR_SOP_END] = { "end", AUGUR_OP_END, .may_block = 1 },
};

/* Finding ops.  [AUGUR_OP_N_OPS] is no op: all zero. */
const AugurOpsOp augur_ops_ops[AUGUR_OP_N_OPS + 1] = {
  [AUGUR_OP_READ] = { "read", R, .step = AUGUR_OPS_STEP_YES, .verb = "reads" },
  [AUGUR_OP_WRITE] = { "write", W, .step = AUGUR_OPS_STEP_YES, .verb = "writes" },
  [AUGUR_OP_ATOMIC_LOAD] = { "atomic-load", R | A, .step = AUGUR_OPS_STEP_YES, .verb = "atomically loads" },
  [AUGUR_OP_ATOMIC_STORE] = { "atomic-store", W | A, .step = AUGUR_OPS_STEP_YES,
                              .verb = "atomically stores" },
  [AUGUR_OP_ATOMIC_RMW] = { "atomic-rmw", R | W | A, .step = AUGUR_OPS_STEP_YES,
                            .verb = "atomically updates" },
  [AUGUR_OP_FENCE] = { "fence" },
  [AUGUR_OP_CREATE] = { "create", .sync_out = AUGUR_OPS_SYNC_CREATE, .step = AUGUR_OPS_STEP_YES,
                        .verb = "creates" },
  [AUGUR_OP_START] = { "start", .sync_in = AUGUR_OPS_SYNC_CREATE },
  [AUGUR_OP_EXIT] = { "exit", .sync_out = AUGUR_OPS_SYNC_JOIN, .step = AUGUR_OPS_STEP_YES },
  [AUGUR_OP_JOIN] = { "join", .waits = AUGUR_OPS_WAITS_THREAD, .sync_in = AUGUR_OPS_SYNC_JOIN,
                      .step = AUGUR_OPS_STEP_YES, .verb = "joins" },
  [AUGUR_OP_DETACH] = { "detach", .step = AUGUR_OPS_STEP_YES },
  /* no step when it is the runtime's note of a statically initialised
   * mutex, right before its first use */
  [AUGUR_OP_INIT] = { "init", .step = AUGUR_OPS_STEP_DEPENDS, .verb = "initialises" },
  [AUGUR_OP_DESTROY] = { "destroy", .step = AUGUR_OPS_STEP_YES, .verb = "destroys", .mutex_use = 1 },
  [AUGUR_OP_LOCK_REQUEST] = { "lock-request", .waits = AUGUR_OPS_WAITS_LOCK, .verb = "waits to lock",
                              .mutex_use = 1 },
  [AUGUR_OP_LOCK] = { "lock", .lock = AUGUR_OPS_LOCK_ACQUIRE, .waits = AUGUR_OPS_WAITS_LOCK,
                      .sync_in = AUGUR_OPS_SYNC_LOCK, .step = AUGUR_OPS_STEP_YES, .verb = "locks",
                      .mutex_use = 1 },
  [AUGUR_OP_RDLOCK] = { "rdlock", .lock = AUGUR_OPS_LOCK_ACQUIRE, .waits = AUGUR_OPS_WAITS_LOCK,
                        .sync_in = AUGUR_OPS_SYNC_LOCK, .step = AUGUR_OPS_STEP_YES, .verb = "locks" },
  [AUGUR_OP_TRYLOCK] = { "trylock", .lock = AUGUR_OPS_LOCK_ACQUIRE, .sync_in = AUGUR_OPS_SYNC_LOCK,
                         .step = AUGUR_OPS_STEP_YES, .verb = "locks", .mutex_use = 1 },
  [AUGUR_OP_UNLOCK] = { "unlock", .lock = AUGUR_OPS_LOCK_RELEASE, .sync_out = AUGUR_OPS_SYNC_LOCK,
                        .step = AUGUR_OPS_STEP_YES, .verb = "unlocks", .mutex_use = 1 },
  /* its release is drawn as the wake-up's edge from the signal */
  [AUGUR_OP_WAIT] = { "wait", .lock = AUGUR_OPS_LOCK_RELEASE, .waits = AUGUR_OPS_WAITS_COND,
                      .step = AUGUR_OPS_STEP_YES, .verb = "waits on", .mutex_use = 1 },
  [AUGUR_OP_WAKE] = { "wake", .lock = AUGUR_OPS_LOCK_ACQUIRE, .waits = AUGUR_OPS_WAITS_COND,
                      .sync_in = AUGUR_OPS_SYNC_SIGNAL, .step = AUGUR_OPS_STEP_YES, .verb = "wakes up from" },
  [AUGUR_OP_SIGNAL] = { "signal", .sync_out = AUGUR_OPS_SYNC_SIGNAL, .step = AUGUR_OPS_STEP_YES,
                        .verb = "signals" },
  [AUGUR_OP_BROADCAST] = { "broadcast", .sync_out = AUGUR_OPS_SYNC_SIGNAL, .step = AUGUR_OPS_STEP_YES,
                           .verb = "broadcasts" },
  [AUGUR_OP_SEM_WAIT] = { "sem-wait", .waits = AUGUR_OPS_WAITS_SEM, .sync_in = AUGUR_OPS_SYNC_SEM,
                          .step = AUGUR_OPS_STEP_YES },
  [AUGUR_OP_SEM_POST] = { "sem-post", .sync_out = AUGUR_OPS_SYNC_SEM, .step = AUGUR_OPS_STEP_YES },
  [AUGUR_OP_BARRIER_ENTER] = { "barrier-enter", .waits = AUGUR_OPS_WAITS_BARRIER,
                               .sync_out = AUGUR_OPS_SYNC_BARRIER, .step = AUGUR_OPS_STEP_YES },
  [AUGUR_OP_BARRIER_LEAVE] = { "barrier-leave", .sync_in = AUGUR_OPS_SYNC_BARRIER,
                               .step = AUGUR_OPS_STEP_YES },
  [AUGUR_OP_ALLOC] = { "alloc" },
  /* no step when nothing happened since the block's allocation */
  [AUGUR_OP_FREE] = { "free", .step = AUGUR_OPS_STEP_DEPENDS, .verb = "frees" },
  [AUGUR_OP_ASSERT_FAIL] = { "assert-fail" },
  [AUGUR_OP_FAULT] = { "fault" },
  [AUGUR_OP_END] = { "end" },
  [AUGUR_OP_YIELD] = { "yield", .step = AUGUR_OPS_STEP_YES },
  [AUGUR_OP_TIME] = { "time", .step = AUGUR_OPS_STEP_YES },
  [AUGUR_OP_KILL] = { "kill", .step = AUGUR_OPS_STEP_YES },
  [AUGUR_OP_HANDLER] = { "handler", .step = AUGUR_OPS_STEP_YES },
  [AUGUR_OP_SIGWAIT] = { "sigwait", .waits = AUGUR_OPS_WAITS_SIGNAL, .step = AUGUR_OPS_STEP_YES,
                         .verb = "waits for a signal" },
  [AUGUR_OP_MAIN] = { "main" },
  [AUGUR_OP_ABORT] = { "abort" },
  /* no edge from a signal: none ended the wait */
  [AUGUR_OP_SPURIOUS_WAKE] = { "spurious-wake", .lock = AUGUR_OPS_LOCK_ACQUIRE,
                               .waits = AUGUR_OPS_WAITS_COND, .step = AUGUR_OPS_STEP_YES,
                               .verb = "wakes up without a signal from" },
};

AugurOp
augur_ops_end_op (unsigned aux)
{
  switch (aux)
    {
    case AUGUR_END_ABORT: return AUGUR_OP_ASSERT_FAIL;
    case AUGUR_END_SIGNAL: return AUGUR_OP_FAULT;
    default: return AUGUR_OP_END;
    }
}
