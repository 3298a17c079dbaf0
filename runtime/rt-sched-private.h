/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sched-private.h — the controlled scheduler's shared state, private to
 * its files:
 *
 *   rt-sched.c         the token and the choice of the next step: which
 *                      threads are enabled, sleep sets, fairness, PCT,
 *                      threads starting and leaving, the end of the
 *                      process;
 *   rt-sched-await.c   loops that wait ("Await") and the virtual clock;
 *   rt-sched-access.c  memory accesses and atomics as steps (static
 *                      pruning), object events;
 *   rt-sched-signal.c  signals: kills, handlers, masks, and the waits for a
 *                      signal;
 *   rt-sched-sync.c    the model of the synchronisation objects (mutex
 *                      owners, rwlock readers, condition and barrier
 *                      emulation, pthread_once) and the misuses it sees;
 *   rt-sched-condsig.c which waiter a condition's signal wakes (any
 *                      candidate: the schedule chooses);
 *   rt-sched-heap.c    double and invalid frees, uses of freed memory at
 *                      pruned accesses;
 *   rt-sched-uninit.c  uses of objects never initialised, the heap bytes
 *                      block stores wrote;
 *   rt-sched-server.c  start-up, the fork server and the execution server,
 *                      failures (assertions, abort, fatal signals).
 *
 * Only the thread holding the token touches this state, so it needs no
 * lock (a new thread writes its own slot before it parks).
 */
#ifndef AUGUR_RT_SCHED_PRIVATE_H
#define AUGUR_RT_SCHED_PRIVATE_H

#include "runtime/rt-sched.h"

#include "common/augur-sched-format.h"

#define RT_NONE UINT32_MAX
#define RT_MAXT AUGUR_SCHED_MAX_THREADS
#define RT_HIST_MAX 32u     /* steps of a loop iteration that can be recognised */
#define RT_AWAIT_MAX 16u    /* locations a waiting loop may re-read */
#define RT_YW_MAX 24u       /* reads and writes a yielding loop may make (yield window) */
#define RT_PASS_MAX 8u      /* values an awaiting loop's writes show in passing (rt-sched-passing.c) */
#define RT_SEEN_MAX 16u     /* values a thread read since it last changed something */

/* A value at a location: one an awaiting loop's iteration writes and
 * overwrites again, or one a thread read (rt-sched-passing.c). */
typedef struct {
  uint64_t obj;
  uint64_t value;
  uint32_t size;
  uint32_t at;              /* a value read: the step that read it last (UINT32_MAX: no
                             * step, or a read-modify-write's) */
  uint32_t gen;             /* ... the generation of its innermost frame then, 0 = unknown */
  uint32_t site;            /* ... the call sites it was read under (frame_site), 0 = unknown */
} RtVal;

/* One step of a thread's recent history (Await, rt-sched-await.c). */
typedef struct {
  AugurSchedStep step;      /* as it completed */
  uint32_t index;           /* its index in shm->steps */
  uint32_t held_before;     /* locks the thread held before it */
  uint32_t has_old;         /* a write: old is the value before it */
  uint64_t old;
  uint32_t invisible;       /* a read that was no step (pruned): index = steps taken then */
  uint64_t inv_seq;         /* invisible writes seen when it was read (rt-sched-await.c) */
  uint64_t fp;              /* the thread's own state when it was published, 0 = not taken */
  uintptr_t ra;             /* an invisible read: its hook's return address */
  uint32_t gen;             /* the generation of its innermost frame, 0 = unknown */
  uint32_t site;            /* the call sites it was made under (frame_site), 0 = unknown */
} RtHist;

/* A published operation, put aside while the thread's signal handlers run. */
typedef struct {
  AugurSchedStep pending;
  int try_op;
  uint32_t held_before_step;
  uint64_t pend_inv_seq;
  uint32_t pend_has_old;
  uint64_t pend_old;
  AugurSchedCallers callers;   /* its callers (the handlers' steps publish theirs) */
} RtSSaved;

typedef struct {
  int wake;                 /* futex: 1 = your turn (real threads) */
  int parked;               /* futex: 1 once its first operation is published */
  int state;                /* AUGUR_STH_UNUSED / ENABLED (live) / EXITED */
  int has_pending;
  int token;                /* this thread holds the token (only it writes this) */
  int try_op;               /* the pending acquisition does not block */
  AugurSchedStep pending;
  uint32_t last_step;       /* index of the step it executes now */
  uint32_t hist_upto;       /* steps[last_step] is in hist (last_step + 1), else 0 */
  /* condition wait */
  uint64_t wait_cond;
  int signalled;
  uint32_t waker;           /* step + 1 */
  uint64_t wait_seq;
  uint32_t wait_jumps;      /* the clock's jumps when the wait began */
  uint64_t clock_seen;      /* what it knows of the virtual clock: at least this (ns), 0 =
                             * nothing (rt-sched-deadline.c) */
  int wait_timed_out;       /* its timed condition wait timed out (rt_sched_cond_timeout) */
  uint64_t owed_ns;         /* a timeout its call's step owes (rt_sched_timeout_owed), */
  uintptr_t owed_ra;        /* ... at this return address */
  int no_unsignalled;       /* it woke without a signal (spurious, timeout): the next
                             * wake needs a signal, or the clock to move on */
  /* barrier */
  int barrier_released;
  int joined;
  uint32_t create_pc;       /* where it was created (misuse reports) */
  uint8_t create_module;
  uint8_t enabled_logged;   /* the last value logged in shm->enabled */
  /* the end of the process: its pending operation is END */
  int ending;
  /* Await */
  int awaiting;
  int await_repeats;        /* ... a loop recognised by its repetition (not an announced wait) */
  int woken;                /* its next step is the first after a wait */
  uint32_t woken_by;        /* ... the step that woke it + 1, 0 if the clock did */
  uint32_t await_from;      /* steps from this index on can wake it */
  uint32_t n_await;
  int await_clock;          /* ... or the clock moving on */
  uint32_t n_hist;
  /* Await of a yielding loop: what it did since its last YIELD step (its yield window) */
  int yw_open;              /* a window is open (it yielded once) */
  int yw_dirty;             /* ... and something in it was no pure step (or too much) */
  int yw_held_moved;        /* ... a lock held changed in it */
  uint32_t yw_pc;           /* the yield that opened it, */
  uint8_t yw_module;
  uint32_t yw_held;         /* the locks held then, */
  uint32_t yw_from;         /* its step index, */
  uint64_t yw_fp;           /* and the fingerprint of its own state then (0: not taken,
                             * the window before was not clean) */
  uint32_t n_yw;
  /* values shown in passing and values seen (rt-sched-passing.c) */
  uint32_t n_passing;       /* while it awaits: what its iteration writes and overwrites, */
  uint32_t n_wrote;         /* ... the locations it writes (value 0), */
  int wrote_lost;           /* ... more than RT_PASS_MAX of them */
  uint32_t n_seen;          /* what it read since it last changed something ... */
  int seen_lost;            /* ... more than RT_SEEN_MAX values: not all of it */
  uint32_t win_from;        /* while it awaits: its iteration is hist[win_from..n_hist),
                             * UINT32_MAX: not known (a yield window, announced loads) */
  uint32_t loop_gen;        /* ... the generation of the frame its loop runs in, 0 = unknown */
  uint32_t pend_gen;        /* its innermost frame's generation as it published its step */
  uint32_t pend_site;       /* ... and the call sites it was made under */
  uint32_t inv_since;       /* accesses that were no steps since its last step */
  uint32_t held;            /* locks (mutex, rwlock, spin) it holds */
  uint32_t held_before_step;   /* held when it published its pending step */
  uint64_t pend_inv_seq;       /* invisible writes seen when it published its step */
  uint32_t pend_has_old;       /* its pending step is a write of up to 8 bytes: ... */
  uint64_t pend_old;           /* ... and this was in memory before it */
  uint64_t pend_fp;            /* the fingerprint of its own state taken for its pending
                                * step (Await: rt-sched-await.c), 0 = none */
  uint32_t pend_from;          /* ... and the iteration it judged, hist[pend_from..n_hist) */
  uint16_t fences;             /* AUGUR_SXF_REL_FENCE / ACQ_FENCE since its last step: they
                                * go on its next one (rt_sched_fence) */
  /* signals sent to it with pthread_kill (rt_sched_kill) */
  uint64_t sigpend;            /* their bits, until its handlers run */
  uint64_t sigmask;            /* the signals it blocks (pthread_sigmask): theirs stay
                                * pending until it unblocks them */
  uint32_t sig_wakers[64];     /* each pending signal's kill step + 1 */
  int sig_armed;               /* its pending step is the delivery, which replaced ... */
  int sig_was_awaiting;        /* (... in a loop that only waits: its iterations before the
                                * signal came are all the same; or blocked: it could not
                                * have made it before) */
  int in_handler;              /* it runs its handlers now */
  int sig_taken;               /* the signal its SIGNAL_WAIT step took, 0 if none */
  int sig_interrupts;          /* its SIGNAL_WAIT ends when a handler runs (sigsuspend,
                                * pause, sigwaitinfo, sigtimedwait) ... */
  int sig_interrupted;         /* ... and one did */
  RtSSaved sig_saved;          /* ... the operation it was waiting to make */
  /* the arrays last: a new thread clears only what comes before them */
  AugurSchedStep await_r[RT_AWAIT_MAX];   /* reads: what a write must touch to wake it */
  RtHist hist[RT_HIST_MAX];
  RtHist yw[RT_YW_MAX];     /* the yield window's first reads and writes (rt-sched-await.c) */
  RtVal passing[RT_PASS_MAX];
  RtVal wrote[RT_PASS_MAX];
  RtVal seen[RT_SEEN_MAX];
} RtSThread;

extern AugurSchedShm *rt_sched_shm;
/* RT_MAXT slots, mapped once (rt_sched_tables_setup): outside the
 * execution server's snapshot, whose compare and restore would otherwise
 * cost megabytes per execution; a slot is cleared when its thread starts. */
extern RtSThread *rt_sth;
extern uint32_t rt_sched_cur;          /* holder of the token */
extern uint32_t rt_sched_n_threads;    /* thread slots in use: [0, n) */
extern uint32_t rt_sched_stop_step;    /* raise SIGTRAP before this step (replay --gdb) */
extern uint64_t rt_sched_clock_obj;    /* the address that stands for the virtual clock */

/* ---- rt-sched.c ---- */
/* Maps the thread table; its range is what the snapshot must leave alone. */
bool rt_sched_tables_setup (void **lo, size_t *size);
/* A visible operation of the calling thread: publish it and wait for the
 * turn (try_op: an acquisition that does not block). */
void rt_sched_point (const AugurSchedStep *op, int try_op);
/* The step the calling thread executes now. */
AugurSchedStep *rt_sched_my_step (void);
/* A step of the calling thread from a return address. */
void rt_sched_make_step (AugurSchedStep *s, uint8_t op, uint8_t ev_kind, uint64_t obj,
                         uint32_t size, uintptr_t ra);
/* Ends the execution now with `status` (the thread states saved first
 * if `threads`), without running any of the program's exit handlers. */
void rt_sched_end_now (uint32_t status, int threads) __attribute__ ((noreturn));
/* Per execution, before main runs. */
void rt_sched_start_execution (void);
/* The calling thread leaves the scheduler (after its EXIT step). */
void rt_sched_hand_off_final (uint32_t me);
/* A new thread `c` was created by the calling thread. */
void rt_sched_thread_created (uint32_t c, uint32_t pc, uint8_t module);
/* The calling thread asks for the end of the process (an END step):
 * returns once it is that step's turn, except on fibers, where the
 * execution ends without coming back.  kind: AUGUR_SEND_*. */
void rt_sched_end (uint32_t kind, uint32_t status, uintptr_t ra);
/* The status the execution ends with once its END step runs. */
uint32_t rt_sched_end_status (void);
/* The scheduler is off for good in this execution (the process ends). */
void rt_sched_process_exit (void);

/* ---- rt-sched-await.c ---- */
/* Invisible writes (accesses pruned by static facts) seen so far. */
extern uint64_t rt_sched_await_inv_seq;
/* The clock jumped: the next step gets AUGUR_SXF_CLOCK_JUMP. */
extern int rt_sched_await_jump_pending;
/* Per execution (rt_sched_start_execution). */
void rt_sched_await_reset (void);
/* Thread t's last step (steps[index]) completed: into its history, or
 * the history is cleared if that step changed something. */
void rt_sched_await_hist_add (RtSThread *t, uint32_t index, uint32_t held_before);
/* Thread me publishes p: does it start an iteration that repeats the last
 * one exactly?  Then it awaits a change. */
void rt_sched_await_check (uint32_t me, const AugurSchedStep *p);
/* Thread t awaits no more (by: the step that woke it + 1, 0 if none). */
void rt_sched_await_wake (uint32_t t, uint32_t by);
/* Thread t's pending step is chosen as step k: Await judges it again. */
void rt_sched_await_chosen (uint32_t t, uint32_t k);
/* Steps completed since the last look: do they wake awaiting threads? */
void rt_sched_await_wake_awaiters (uint32_t upto);
/* Nothing can run: if some thread waits on time, the clock moves on
 * (returns 1). */
int rt_sched_await_clock_jump (void);
/* ---- rt-sched-passing.c ---- */
/* Thread t read @e (its history's step; an atomic write that found @old,
 * if has_old) in a frame of generation @gen, under the call sites @site:
 * the value goes to what it has seen.  rt_sched_passing_forget: it
 * changed something, a new start. */
void rt_sched_passing_read (RtSThread *t, const AugurSchedStep *e, uint32_t at, int has_old,
                            uint64_t old, uint32_t gen, uint32_t site);
void rt_sched_passing_forget (RtSThread *t);
/* Thread t begins to await with the iteration v[from..to): the values
 * its writes show in passing (writes into [own_lo, own_hi), its own
 * stack, left out). */
void rt_sched_passing_note (RtSThread *t, const RtHist *v, uint32_t from, uint32_t to,
                            uintptr_t own_lo, uintptr_t own_hi);
/* Nothing can run: is that only because an awaiting thread was parked
 * showing in passing a value another awaiting one waits on and has never
 * read (1: an unfair schedule, not a hang)? */
int rt_sched_passing_unfair (void);

/* An access that is no step (pruned by the static facts, or plain under
 * --sync-only), which Await must still see.  After RT_POLL_EVERY of them
 * in a row the thread yields (a YIELD step at @ra): a loop that reads
 * only such memory (`while (!ready) {}`) would otherwise never come to a
 * step, never let another fiber run, and never be judged by Await. */
void rt_sched_await_invisible_access (uint8_t kind, const void *addr, size_t size, uintptr_t ra);
/* Accesses pruned by the static facts so far in this execution. */
extern uint32_t rt_sched_pruned_seen;
/* Is the last object event the allocation of the block at @addr, with no
 * step and no pruned access since (nothing can have touched it)? */
int rt_sched_last_alloc_untouched (uint64_t addr);
/* Does [addr, addr + size) touch memory freed in this execution (kept
 * only while some pcs are pruned, rt-sched-heap.c)?  rt_sched_freed_any
 * 0: no, at once. */
bool rt_sched_freed_hit (const void *addr, size_t size);
extern uint32_t rt_sched_freed_any;
/* The calling thread @me frees [lo, lo + size) now (its FREE step): a
 * thread waiting on an object in it (a lock of a mutex there) uses freed
 * memory, whatever wakes it (rt-sched-heap.c). */
void rt_sched_free_waited (uint64_t lo, uint64_t size, uint32_t me);

/* The value of the up to 8 bytes at a, read by the runtime (not seen). */
static inline uint64_t
rt_sched_peek (uint64_t a, uint32_t size)
{
  switch (size)
    {
    case 1: return *(const volatile uint8_t *) (uintptr_t) a;
    case 2: return *(const volatile uint16_t *) (uintptr_t) a;
    case 4: return *(const volatile uint32_t *) (uintptr_t) a;
    default: return *(const volatile uint64_t *) (uintptr_t) a;
    }
}

/* A write the loop check can judge by value (a variable, not a range). */
static inline int
rt_sched_value_write (const AugurSchedStep *s)
{
  return s->op == AUGUR_SOP_WRITE && !(s->flags & AUGUR_SF_RANGE) && !(s->xflags & AUGUR_SXF_FREE)
         && (s->size == 1 || s->size == 2 || s->size == 4 || s->size == 8)
         && (s->obj & (s->size - 1)) == 0;
}

/* ---- rt-sched.c ---- */
/* The token holder picks the next step, logs it and hands the token over.
 * Returns once `me` may run again (at once if it was chosen). */
void rt_sched_schedule (uint32_t me);
/* 0, 1, or 2: only by a spurious wake-up (rt_sched_obj_enabled) */
int rt_sched_base_enabled (uint32_t t);

/* ---- rt-sched-signal.c ---- */
/* Per execution (rt_sched_start_execution). */
void rt_sched_signal_reset (void);
/* Every thread waits: notes in the page the first signal the program
 * handles that may come from outside it (shm->outside_sig). */
void rt_sched_signal_note_outside (void);
/* Signal @sig is the program's own (it sends it, or armed the timer
 * that does): no signal from outside. */
void rt_sched_signal_own (int sig);
/* The kernel sends @sig to the process now, as a timer does (no thread's
 * kill step): it goes where a kill to the process goes.  0 if the program
 * has no handler of it (nothing sent). */
int rt_sched_signal_timer (int sig);

/* rt-sched-alarm.c: the real-time timer (alarm, setitimer) */
void rt_sched_alarm_reset (void);
/* Every thread waits: if the timer is armed and its SIGALRM handled, the
 * clock moves on to its deadline and SIGALRM is sent; 1 if so. */
int rt_sched_alarm_fire (void);
/* The virtual clock now, and moved on to @ns if that is later
 * (rt-sched-await.c). */
uint64_t rt_sched_clock_now (void);
void rt_sched_clock_move_to (uint64_t ns);
/* Thread t's pending signals, and the process's, that it does not block. */
uint64_t rt_sched_deliverable (const RtSThread *t);
/* Thread me, running, has signals pending: the delivery step, then the
 * handlers. */
void rt_sched_deliver_now (uint32_t me, uint32_t pc, uint8_t module);
/* Thread me was chosen for the delivery that replaced its published step. */
void rt_sched_deliver_armed (uint32_t me);
/* The signals of @set that thread t may take now. */
uint64_t rt_sched_sig_waitable (uint32_t t, uint64_t set);
/* Thread t's SIGNAL_WAIT step s is chosen: the signal it takes, s's waker
 * (or s becomes a failed poll). */
void rt_sched_sigwait_chosen (uint32_t t, AugurSchedStep *s);

/* ---- rt-sched-condsig.c ---- */
/* A signal (a broadcast: @all) on @cond at step @waker - 1, ordered by
 * @seq among the waits (wait_seq): how many waiters it wakes (0: none it
 * could wake; a signal's waiter is chosen by the wake-up that takes it). */
int rt_sched_cond_signal (uint64_t cond, uint64_t seq, uint32_t waker, int all);
/* May waiting thread t wake up signalled: a broadcast woke it, or it is a
 * candidate of a signal not yet taken. */
int rt_sched_cond_woken (uint32_t t);
/* the step + 1 of the signal that would wake it (0: none) */
uint32_t rt_sched_cond_waker (uint32_t t);
/* Thread t's wake-up runs: it takes the oldest signal it is a candidate
 * for (signalled, waker). */
void rt_sched_cond_take (uint32_t t);
/* Is thread t woken by a pending signal that a thread waiting longer could
 * take?  The scheduler, choosing by itself, lets the longest waiter take
 * it first, as glibc's condition variables wake in order (a thread pool
 * then hands its jobs round its workers, as natively); the explorer asks
 * for the others. */
int rt_sched_cond_not_first (uint32_t t);

/* rt-sched-join.c: a try's JOIN step @s that failed with @result (EBUSY,
 * ETIMEDOUT) becomes a read of the thread's end. */
void rt_sched_join_tried (AugurSchedStep *s, int64_t result);
/* rt-sched-deadline.c: the timeout rt_sched_timeout_owed left the calling
 * thread to take, once its call's step is done (rt_sched_sync_after);
 * a new thread @child knows of the clock what its creator @parent does. */
void rt_sched_pay_timeout (void);
void rt_sched_clock_inherit (uint32_t child, uint32_t parent);
/* The timed condition wait of the calling thread on @cond, until
 * @abstime on @clock (not RT_COND_CLOCK), begun: its timeout, a step of
 * its own before the wake-up (rt-sched-deadline.c).  1 if it timed out. */
int rt_sched_cond_timeout (uint64_t cond, clockid_t clock, const struct timespec *abstime,
                           uintptr_t ra);
/* rt-sched-await.c: the clock moves on by @ns (the calling thread's
 * timeout, in a step that writes the clock). */
void rt_sched_clock_waited (uint64_t ns);

/* ---- rt-sched-sync.c ---- */
enum { RT_OBJ_FREE = 0, RT_OBJ_MUTEX, RT_OBJ_RWLOCK, RT_OBJ_COND, RT_OBJ_BARRIER, RT_OBJ_OTHER };

typedef struct {
  uint64_t addr;
  uint8_t kind;
  uint8_t type;             /* AUGUR_MUTEX_* */
  uint8_t inited;           /* explicitly initialised, not yet destroyed */
  uint8_t destroyed;        /* destroyed, not initialised again */
  uint32_t owner;           /* mutex owner / rwlock writer */
  uint32_t count;           /* recursion / readers */
  uint64_t cond_mutex;
  uint32_t barrier_count, arrived;
  uint32_t init_pc;
  uint8_t init_module;
  uint8_t lock_failed;      /* a blocking lock of it failed (EINVAL: destroyed): an unlock
                             * while nobody holds it follows from that */
  uint32_t init_tid;
  uint8_t init_seen;        /* an init of any kind was seen in this execution */
  uint8_t used;             /* locked, waited on ... in this execution */
  uint8_t uninit_reported;
  uint8_t type_known;       /* type read from the object or set by an init */
  uint8_t destroy_state;    /* RT_DESTROY_*: destroyed by a destroy that succeeded, and not
                             * initialised since (rt-sched-destroy.c) */
  uint8_t destroyed_size;   /* the size of the object that destroy destroyed */
  uint64_t destroyed_sig;   /* a hash of its bytes as the last call on it left them */
  /* the frame of a thread's stack that holds it (rt-sched-frame.c): frame_gen 0, none */
  uint32_t frame_gen;
  uint16_t frame_tid;
  uint8_t frame_depth;
  uint8_t frame_tried;      /* looked for on its thread's stack */
  uint8_t robust;           /* a pthread mutex, robust when last taken (rt-sched-robust.c) */
  uint8_t in_freed;         /* its memory was freed and not handed out since (rt-sched-heap.c) */
} RtSObj;

/* The model's object at addr (created if kind != RT_OBJ_FREE). */
RtSObj *rt_sched_obj (uint64_t addr, int kind);
/* The u-th object of the execution, NULL past the last one. */
RtSObj *rt_sched_obj_nth (uint32_t u);
/* Can thread t's pending operation (not END) run, as far as the objects
 * are concerned?  0 no, 1 yes, 2 only by a spurious wake-up (rt-sched.c
 * lets it run only when another thread could run too). */
int rt_sched_obj_enabled (uint32_t t);
/* The block [lo, lo + size) is handed out again: the objects in it are
 * new ones. */
void rt_sched_objs_reborn (uint64_t lo, size_t size);
/* A misuse of the pthread API seen at the current step. */
void rt_sched_misuse (uint32_t kind, uint32_t tid, uint32_t pc, uint8_t module, uint64_t obj);
/* ---- rt-sched-destroy.c ---- */
enum { RT_DESTROY_LIVE = 0, RT_DESTROY_DONE, RT_DESTROY_REPORTED };
/* Before the destroy step s (of event kind @ev_kind) of thread me runs: a
 * destroy of o, destroyed already, is a misuse. */
void rt_sched_destroy_check (RtSObj *o, const AugurSchedStep *s, uint32_t ev_kind, uint32_t me);
/* After it returned @result: o is destroyed if it succeeded. */
void rt_sched_destroy_done (RtSObj *o, uint32_t ev_kind, int64_t result);
/* After any other call on o: a destroyed o's bytes as the call left them. */
void rt_sched_destroy_sign (RtSObj *o);
/* Is o, destroyed, a new object now: were its bytes written since the
 * last call on it (a static initialiser, memory handed out again)? */
int rt_sched_destroy_rewritten (const RtSObj *o);

/* ---- rt-sched-frame.c ---- */
/* After a call of thread me on o: o, on me's stack, is bound to the frame
 * that holds it, once. */
void rt_sched_frame_bind (RtSObj *o, uint32_t me);
/* Has the frame o is bound to returned, with o held, read-locked, waited
 * on by nobody?  Then its memory holds a new object: what the old one's
 * end leaves is reported (an initialised mutex never destroyed), 1. */
int rt_sched_frame_ended (RtSObj *o);
/* ---- rt-sched-robust.c ---- */
/* The result of a lock (event kind @ev_kind) of mutex o as the model
 * takes it: EOWNERDEAD is a success (0); one that succeeded notes whether
 * o is a robust pthread mutex. */
int64_t rt_sched_robust_lock (RtSObj *o, uint8_t ev_kind, int64_t result);
/* Thread me exits: the robust mutexes it holds are released, owner died. */
void rt_sched_robust_exit (uint32_t me, uintptr_t ra);

/* ---- rt-sched-unwind.c ---- */
/* Calls fn (arg, ip, cfa) for each frame of the calling thread, innermost
 * first, until it returns nonzero; 0 if there is no unwinder. */
int rt_sched_walk_frames (int (*fn) (void *arg, uintptr_t ip, uintptr_t cfa), void *arg);
/* The frame, among the @max_depth innermost, whose return address is @ra
 * (the one that made a step): the stack pointer it had (*@below_cfa) and
 * its callee-saved registers rbx, rbp, r12-r15; 0 if not found or no
 * unwinder (rt-sched-unwind.c). */
int rt_sched_find_step_frame (uintptr_t ra, int max_depth, uintptr_t *below_cfa, uint64_t regs[6]);

/* ---- rt-sched-await.c ---- */
/* The top of the calling thread me's stack. */
uint64_t rt_sched_own_stack_top (uint32_t me);

/* Mutexes initialised and never destroyed (at the end of the process). */
void rt_sched_check_not_destroyed (void);
/* ---- rt-sched-uninit.c ---- */
/* The start of the main heap, found once. */
void rt_sched_find_heap (void);
/* A use (or destroy) of o, misuse @kind if o was never initialised. */
void rt_sched_check_initialised (RtSObj *o, uint32_t kind, const AugurSchedStep *s);
/* A block store (WRITE_RANGE) of the program, pruned or not. */
void rt_sched_written (const void *addr, size_t size);
/* The block at lo is handed out: none of its bytes are written yet. */
void rt_sched_written_reset (uintptr_t lo, size_t size);

void rt_sched_sync_reset (void);

/* ---- rt-sched-server.c ---- */
/* Records a failure (assertion, abort, signal) of the calling thread. */
void rt_sched_add_failure (uint32_t status, uint32_t sig, uintptr_t ra, const char *file,
                           unsigned line, const char *function, const char *expr);

#endif /* AUGUR_RT_SCHED_PRIVATE_H */
