/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-internal.h — the private model of libaugur-rt, shared by its files.
 *
 * libaugur-rt is linked into the program under test.  It records one
 * execution into the trace named by $AUGUR_TRACE (format: common/
 * augur-trace-format.h) and does nothing else.  The model, in one place:
 *
 *   - Recording is on (rt_active != 0) only when AUGUR_TRACE was set at
 *     start-up; otherwise every hook and intercept is one load and a branch
 *     away from the real function.
 *   - One event = one 32-byte record.  Its sequence number comes from one
 *     atomic fetch-add (rt_emit), so seq order IS the global event order; the
 *     record itself goes into the thread's own chunk of the file, so threads
 *     never write into each other's cache lines.
 *   - The order is kept consistent with synchronisation by recording
 *     release-like operations before the real call and acquire-like ones after
 *     it (rt_sync_before / rt_sync_after, policy table in rt-sync.c), and by
 *     doing atomics and their slot reservation under one striped spinlock
 *     (rt-atomic.c).  Plain accesses reserve their slot in the hook, before the
 *     access: racy plain accesses are ordered approximately, which is exactly
 *     what the predictor is there to reason about.
 *   - Every intercept has one shape: rt_sync_begin (is this call recorded?),
 *     rt_sync_before, the real call, rt_sync_after.  The controlled scheduler
 *     (explorer/) will hook into rt_sync_before/rt_sync_after only.
 *   - The hooks run inside the program's threads, from code that gcc marks
 *     `leaf`: they never call back into user code, never malloc on the hot
 *     path, and a per-thread guard (RtThread.off_*) keeps the runtime's own
 *     libc calls (dlsym, dl_iterate_phdr, ...) from being recorded or
 *     re-entering it.
 */
#ifndef AUGUR_RT_INTERNAL_H
#define AUGUR_RT_INTERNAL_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <dlfcn.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/select.h>

#include "common/augur-trace-format.h"
#include "runtime/rt-sys.h"

#define RT_EXPORT   __attribute__ ((visibility ("default")))
#define RT_INLINE   static inline __attribute__ ((always_inline))
#define RT_NOINLINE __attribute__ ((noinline))
#define RT_LIKELY(x)   __builtin_expect (!!(x), 1)
#define RT_UNLIKELY(x) __builtin_expect (!!(x), 0)
/* The caller's return address: the PC that events are attributed to. */
#define RT_RA() ((uintptr_t) __builtin_return_address (0))

#define RT_TID_NONE UINT32_MAX      /* thread not known to the runtime yet */
#define RT_NO_PARENT 0xffffffffu    /* THREAD_START.addr of a thread we did not see created */
#define RT_SHADOW_SIZE 64u          /* func_entry ring: the innermost 64 frames */

/* ------------------------------------------------------------------ */
/* A spinlock for the runtime's rare shared tables (0 free, 1 held): the
 * holder may be descheduled, so waiters yield. */

RT_INLINE void
rt_spin_take (int *lock)
{
  int expected = 0;
  while (!__atomic_compare_exchange_n (lock, &expected, 1, false, __ATOMIC_ACQUIRE,
                                       __ATOMIC_RELAXED))
    {
      expected = 0;
      rt_sys_sched_yield ();
    }
}

RT_INLINE void
rt_spin_give (int *lock)
{
  __atomic_store_n (lock, 0, __ATOMIC_RELEASE);
}

/* ------------------------------------------------------------------ */
/* Zeroes n 64-bit words at p, neither through the memset intercept nor
 * under the guard (a signal handler that interrupts it must still be
 * recorded), and not turned into a call to memset by the compiler. */

RT_INLINE void
rt_zero_words (void *p, size_t n)
{
#if defined(__x86_64__)
  /* one string instruction: a chunk or a page in a few hundred cycles */
  __asm__ volatile ("rep stosq" : "+D" (p), "+c" (n) : "a" ((uint64_t) 0) : "memory");
#else
  volatile uint64_t *w = p;
  for (size_t k = 0; k < n; k++)
    w[k] = 0;
#endif
}

/* ------------------------------------------------------------------ */
/* Process state (rt-start.c, rt-trace.c)                               */

/* Nonzero while recording.  Read (relaxed) on every hook. */
extern int rt_active;

RT_INLINE bool
rt_is_active (void)
{
  return RT_UNLIKELY (__atomic_load_n (&rt_active, __ATOMIC_RELAXED) != 0);
}

/* The static TLS below the thread pointer when it holds only libc's and
 * the runtime's blocks (errno): [tp - rt_tls_span, tp); 0 when the program
 * or a library has thread-local variables of its own, or unknown
 * (rt_tls_scan).  What the program reads and writes there is its thread's
 * own errno, never shared: no event is recorded for it and no step made
 * of it, so that a recorded run and the explorer's replay of it (whose
 * fibers share that address, each with its own errno) count the same
 * events. */
extern uint64_t rt_tls_span;
void rt_tls_scan (void);

RT_INLINE bool
rt_tls_private (const void *addr)
{
#if defined(__x86_64__)
  uint64_t tp = (uint64_t) (uintptr_t) __builtin_thread_pointer ();
  uint64_t a = (uint64_t) (uintptr_t) addr;
  return a < tp && tp - a <= rt_tls_span;
#else
  (void) addr;
  return false;
#endif
}

/* Initialise once; called by the constructor and by __tsan_init. */
void rt_init (void);

/* ------------------------------------------------------------------ */
/* Per-thread state (rt-thread.c)                                       */

/* Where a thread writes its records: bytes [cur, end) of the trace's body
 * (the file past its header), in one chunk owned by `tid`, every seq in it
 * >= base and < base + 2^32.  The chunk is built in a staging chunk
 * (rt-trace.c): body byte i is stored at address shift + i.  A 32-byte
 * record goes at the next 32-byte boundary; a packed one (rt-tsan.c) right
 * at cur, its fields as differences from last_seq, last_key, last_addr. */
typedef struct {
  uint64_t cur, end, base;
  uintptr_t shift;
  uint64_t last_seq, last_key, last_addr;
  uint32_t tid;
  uint32_t stage1;        /* the staging chunk + 1; 0 until the first chunk */
} RtCursor;

#define RT_FRAME_KEYS 16u

typedef struct {
  uint32_t tid;           /* stable id in creation order, RT_TID_NONE until known */
  uint32_t off_access;    /* > 0: plain accesses are not recorded (guard, ignore, exited) */
  uint32_t off_sync;      /* > 0: nothing is recorded (guard, exited) */
  uint32_t in_volatile;   /* the access being made is a volatile one (rt-tsan.c): its
                           * step says so (AUGUR_SXF_VOLATILE) */
  uint32_t depth;         /* func_entry depth */
  uint32_t alloc_no;      /* allocations made by this thread so far */
  uint32_t exited;        /* THREAD_EXIT written: later events are dropped */
  uint32_t live;          /* counted in the trace header's live threads (rt_trace_live) */
  uint32_t in_block;      /* ... and in its blocked ones: inside a call that waits for
                           * another thread (rt-sync.c); a cancelled wait never
                           * returns, its thread's exit takes it out */
  uint32_t exit_by_unwind;   /* started by the runtime: pthread_exit ends in its cleanup handler */
  uint32_t unwinding;        /* in pthread_exit's unwinding: the unwinder's own calls (libgcc's
                              * pthread_once) are not the program's and are not recorded */
  uintptr_t exit_ra;         /* where pthread_exit was called */
  uintptr_t *shadow;      /* RT_SHADOW_SIZE return addresses, or NULL; owned (mmap) */
  uint32_t *frame_gen;    /* under the scheduler: RT_SHADOW_SIZE frame generations (rt-tsan.c) */
  uintptr_t *frame_sp;    /* on a fiber: RT_SHADOW_SIZE stack pointers, each frame's as it
                           * was entered (rt-tsan.c, rt_fiber_program_sp) */
  void *altstack;         /* the sigaltstack of this thread, or NULL; owned (mmap) */
  size_t altstack_size;
  /* the last module a PC was found in (rt-module.c): most events of a
   * thread come from the same module */
  uintptr_t mod_lo, mod_size, mod_bias;
  uint32_t mod_index;
  /* pthread_once / call_once trampoline state (rt-once.c) */
  void (*once_routine) (void);
  const void *once_control;
  uintptr_t once_ra;
  uint32_t once_flags;
  uint32_t once_ran;
  /* the trace chunk this thread writes (rt-trace.c), changed only with
   * *busy set */
  RtCursor chunk;
  /* the chunk that signal handlers write into when they interrupt an emit
   * of this thread (changed only with sig_busy set); a handler interrupting
   * one of those writes a chunk of its own */
  RtCursor sig_chunk;
  uint32_t sig_busy;
  uint32_t busy_local;
  /* Nonzero while this thread is inside an emit: rt_trace_close waits for
   * it to clear.  Points into rt_busy (or at busy_local); NULL until the
   * thread's first record. */
  uint32_t *busy;
  /* the top of this thread's stack as its THREAD_START says; 0 before */
  uint64_t stack_top;
  /* the stack walks written as FRAME records (rt_thread_emit_frames):
   * the keys of recent ones, by key modulo RT_FRAME_KEYS, and how many */
  uint32_t frame_keys[RT_FRAME_KEYS];
  uint32_t frame_walks;
} RtThread;

/* The runtime's thread-local block has a fixed size, with room to grow:
 * static TLS blocks are laid out one after the other, so its size moves
 * libc's errno relative to the thread pointer, and that distance is how
 * traces name errno (T0.tls-0x...). */
#define RT_THREAD_TLS_SIZE 512u
typedef union {
  RtThread self;
  char size[RT_THREAD_TLS_SIZE];
} RtThreadTls;
_Static_assert (sizeof (RtThread) <= RT_THREAD_TLS_SIZE, "RtThread outgrew its TLS block");

extern __thread RtThreadTls rt_tls __attribute__ ((tls_model ("initial-exec")));
#define rt_self (rt_tls.self)

/* Slow path of rt_tid(): a thread that the runtime did not create (or main
 * before init) gets the next id and a THREAD_START record. */
uint32_t rt_thread_adopt (void);

RT_INLINE uint32_t
rt_tid (void)
{
  uint32_t t = rt_self.tid;
  return RT_LIKELY (t != RT_TID_NONE) ? t : rt_thread_adopt ();
}

/* A timeval as nanoseconds (gettimeofday's, select's, an itimerval's
 * fields: the callers check the sign where it matters). */
RT_INLINE uint64_t
rt_timeval_ns (const struct timeval *tv)
{
  return (uint64_t) tv->tv_sec * 1000000000u + (uint64_t) tv->tv_usec * 1000u;
}

/* The re-entrancy guard: between rt_guard_enter and rt_guard_leave the
 * runtime's own calls into libc (which may come back into the intercepts:
 * dlsym -> calloc, fopen -> malloc) are passed straight through. */
RT_INLINE void
rt_guard_enter (void)
{
  rt_self.off_access++;
  rt_self.off_sync++;
}

RT_INLINE void
rt_guard_leave (void)
{
  rt_self.off_access--;
  rt_self.off_sync--;
}

/* Thread ids by pthread_t, for join/detach (rt-thread.c). */
void rt_thread_table_set (unsigned long pthread_id, uint32_t tid);
uint32_t rt_thread_table_get (unsigned long pthread_id);
void rt_thread_table_del (unsigned long pthread_id);

/* Per-thread resources: shadow stack and alternate signal stack. */
void rt_thread_setup_stacks (void);
void rt_thread_release_stacks (void);
/* Marks the calling thread as exited, after writing THREAD_EXIT. */
void rt_thread_exit_record (uint64_t by_exit_call, uint8_t flags, uintptr_t ra);
uint32_t rt_thread_new_tid (void);
/* THREAD_START followed by THREAD_TLS for the calling thread; tls_reach:
 * bytes below the thread pointer that are not its stack (0 if unknown). */
void rt_thread_start_record (uint8_t flags, uintptr_t ra, uint64_t parent, uint64_t stack_top,
                             uint64_t tls_reach);

/* The FRAME records of the calling thread's stack (augur-trace-format.h),
 * from the frame pointer @fp of the runtime function the program called;
 * when recording only, and not again for a walk the thread wrote lately
 * (the same frames at the same places), nor past RT_FRAME_WALKS walks. */
void rt_thread_emit_frames (uintptr_t fp);

/* ------------------------------------------------------------------ */
/* PCs as (module, offset) (rt-module.c)                                */

extern uintptr_t rt_exe_lo, rt_exe_size, rt_exe_bias;

void rt_module_init (void);
/* MODULE record for the executable (index 0), once, at start-up. */
void rt_module_announce_exe (const char *path);
void rt_module_slow (uintptr_t pc, AugurRecord *r);
/* Under the explorer: the modules numbered so far after the first @have
 * described on the scheduler's page (rt_sched_module), at each
 * execution's start; a module found later is described when found. */
void rt_module_publish (uint32_t have);
/* Instrumented modules: looked for by __tsan_init, which each one's
 * constructor calls (rt-module.c). */
void rt_module_mark_instrumented (void);
/* The load bias of module @index (0: the executable), 0 if unknown. */
uintptr_t rt_module_bias (uint32_t index);
bool rt_module_instrumented (uintptr_t ra);
/* Is the return address @ra in the runtime itself? */
bool rt_module_is_runtime (uintptr_t ra);
/* The loaded module holding pc: its first address and size; false if no
 * module holds it. */
bool rt_module_range (uintptr_t pc, uintptr_t *lo, uintptr_t *size);

/* Fill r->module and r->pc from a return address.  The stored PC is the
 * return address minus one: an address inside the call instruction, which
 * symbolises to the call's line whether or not the reader subtracts one. */
RT_INLINE void
rt_pc (uintptr_t ra, AugurRecord *r)
{
  uintptr_t pc = ra - 1;
  if (RT_LIKELY (pc - rt_exe_lo < rt_exe_size))
    {
      r->module = 0;
      r->pc = (uint32_t) (pc - rt_exe_bias);
    }
  else if (ra == 0)
    {
      r->module = 0;
      r->pc = 0;
    }
  else if (pc - rt_self.mod_lo < rt_self.mod_size)
    {
      r->module = (uint8_t) rt_self.mod_index;
      r->pc = (uint32_t) (pc - rt_self.mod_bias);
    }
  else
    rt_module_slow (pc, r);
}

/* The call sites in the instrumented functions that called the current
 * one, innermost first (the ring __tsan_func_entry fills), as a record's
 * module and pc: at most @max; returns how many (rt-tsan.c). */
unsigned rt_callers (uint8_t *module, uint32_t *pc, unsigned max);
/* A thread under the scheduler (no stacks of its own) starting: its
 * shadow ring is one of the scheduler's, empty (rt-tsan.c). */
void rt_shadow_use_static (uint32_t tid);
/* Maps the scheduler's shadow rings and frame generations, once; their
 * range is what the execution server's snapshot must leave alone (false:
 * no memory).  A thread reads only what it wrote in the same execution
 * (below its depth, which starts at 0), so nothing of them needs putting
 * back between executions. */
bool rt_shadow_tables_setup (void **lo, size_t *size);
/* Under the scheduler, the generation of the frame at each of the
 * innermost RT_SHADOW_SIZE func_entry depths of thread tid: a new number
 * at every entry to that depth and every exit from it, so that a frame
 * whose number is still there has not returned (rt-sched-frame.c). */
const uint32_t *rt_frame_gens (uint32_t tid);

/* ------------------------------------------------------------------ */
/* The trace writer (rt-trace.c)                                        */

/* The next seq to hand out (atomic), alone on its cache line. */
typedef struct {
  uint64_t next;
  char pad[64 - sizeof (uint64_t)];
} __attribute__ ((aligned (64))) RtCounter;
extern RtCounter rt_counter;

/* The busy flags of threads 0 .. RT_BUSY_THREADS - 1, one cache line each,
 * where rt_trace_close can see them; later threads keep theirs in their
 * RtThread (and a close does not wait for them). */
#define RT_BUSY_THREADS 1024u
typedef struct {
  uint32_t v;
  char pad[64 - sizeof (uint32_t)];
} __attribute__ ((aligned (64))) RtBusy;
extern RtBusy rt_busy[RT_BUSY_THREADS];

bool rt_trace_open (const char *path);
/* Slow path of rt_emit: the thread's first record, a full chunk, a record
 * for another thread, or a signal handler interrupting an emit. */
uint64_t rt_emit_slow (const AugurRecord *r, uint64_t seq);
#define RT_NO_SEQ UINT64_MAX        /* rt_emit_slow: take a seq */
/* MODULE + its DATA records: n consecutive seqs, in one chunk.  Returns
 * false if the trace has no room. */
bool rt_emit_block (const void *records, uint32_t n);
/* END: one seq, in a chunk of its own (async-signal-safe, whatever the
 * thread was doing); returns its seq, or UINT64_MAX. */
uint64_t rt_emit_end (const AugurRecord *r);
/* Rewrite the record in file slot `slot` (written by this thread), keeping
 * its seq; or with RT_PACKED_AT set, the packed record at that byte of the
 * body (rt-packed.h), whose result field has room for r's. */
#define RT_PACKED_AT (UINT64_C (1) << 63)
void rt_trace_rewrite (uint64_t slot, const AugurRecord *r);
/* Clean end: n_records, COMPLETE flag, the file cut to the chunks in use.
 * `end_seq` is the seq of the END record.  Async-signal-safe. */
void rt_trace_close (uint64_t end_seq);
/* Fork child: forget the mapping without touching the file. */
void rt_trace_forget (void);
/* The calling thread records nothing more: its chunks go to the file and
 * its staging chunks to others. */
void rt_trace_thread_done (void);
/* The header's count of live threads, and of those inside a pthread call
 * only another thread can end (AugurTraceHeader.live_threads ...): +1 or
 * -1; nothing while no trace is open. */
void rt_trace_live (int delta);
void rt_trace_blocked (int delta);

RT_INLINE void
rt_record_seal (void *r)
{
  ((uint8_t *) r)[2] = augur_trace_record_check (r);
}

/* Stores *r at dst with tid = seq and its check byte.  The record is put
 * together in four registers, from its fields as the caller stored them:
 * copying the struct and folding it as words would read back, as wide
 * loads, bytes just stored one by one (a store-forwarding stall on every
 * event).  Same bytes as rt_record_seal on a copy. */
RT_INLINE void
rt_record_put (char *dst, const AugurRecord *r, uint32_t seq)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  uint64_t w0 = (uint64_t) r->kind | (uint64_t) r->flags << 8 | (uint64_t) r->module << 24
                | (uint64_t) seq << 32;
  uint64_t w1 = (uint64_t) r->pc | (uint64_t) r->aux << 32;
  uint64_t w2 = r->addr, w3 = r->arg;
  uint64_t h = w0 ^ augur_trace_rotl_ (w1, 1) ^ augur_trace_rotl_ (w2, 2)
               ^ augur_trace_rotl_ (w3, 3) ^ 0x9du;
  h ^= h >> 32;
  h ^= h >> 16;
  h ^= h >> 8;
  w0 |= (h & 0xffu) << 16;
  uint64_t w[4] = { w0, w1, w2, w3 };
  __builtin_memcpy (dst, w, sizeof w);
#else
  AugurRecord w = *r;
  w.tid = seq;
  w.check = 0;
  rt_record_seal (&w);
  __builtin_memcpy (dst, &w, sizeof w);
#endif
}

/* Set once the trace is closed (a clean end, or a crash writing the
 * staging chunks out): an emit that finds it set after taking its seq
 * stores nothing.  The closer sets it and then waits for the busy flags
 * (rt_trace_close): a thread either sees it, or its flag was up before
 * the closer looked and the closer waits for the store to finish; never a
 * record half stored while its chunk is copied out. */
extern int rt_trace_closed;

/* Between an emit's busy flag and its load of rt_trace_closed: a full
 * fence, which the seq's fetch-add (a locked instruction) already is on
 * x86. */
#if defined(__x86_64__) || defined(__i386__)
#define RT_EMIT_FENCE() __atomic_signal_fence (__ATOMIC_SEQ_CST)
#else
#define RT_EMIT_FENCE() __atomic_thread_fence (__ATOMIC_SEQ_CST)
#endif

/* For an emit that has taken its seq with its busy flag up: true, and the
 * flag down, when the trace is closed and nothing may be stored. */
RT_INLINE bool
rt_emit_closed (uint32_t *busy)
{
  RT_EMIT_FENCE ();
  if (RT_LIKELY (__atomic_load_n (&rt_trace_closed, __ATOMIC_RELAXED) == 0))
    return false;
  __atomic_signal_fence (__ATOMIC_SEQ_CST);
  *busy = 0;
  return true;
}

/* Write one record: its seq from the global counter, its bytes at the
 * next 32-byte boundary of this thread's chunk.  Returns the file slot (for
 * rt_trace_rewrite) or UINT64_MAX.  The busy flag brackets the update of
 * the cursor so that a signal handler running in between cannot take the
 * same slot (it sees the flag and writes into the signal chunk). */
RT_INLINE uint64_t
rt_emit (const AugurRecord *r)
{
  uint32_t *busy = rt_self.busy;
  if (RT_UNLIKELY (busy == NULL || *busy != 0))
    return rt_emit_slow (r, RT_NO_SEQ);
  *busy = 1;
  __atomic_signal_fence (__ATOMIC_SEQ_CST);
  uint64_t at = (rt_self.chunk.cur + AUGUR_TRACE_RECORD_SIZE - 1) & ~(uint64_t) (AUGUR_TRACE_RECORD_SIZE - 1);
  if (RT_UNLIKELY (at >= rt_self.chunk.end || r->tid != rt_self.chunk.tid))
    {
      __atomic_signal_fence (__ATOMIC_SEQ_CST);
      *busy = 0;
      return rt_emit_slow (r, RT_NO_SEQ);
    }
  uint64_t seq = __atomic_fetch_add (&rt_counter.next, 1, __ATOMIC_RELAXED);
  if (RT_UNLIKELY (rt_emit_closed (busy)))
    return UINT64_MAX;
  if (RT_UNLIKELY (seq - rt_self.chunk.base > UINT32_MAX))
    {
      /* a chunk open while 2^32 events went by: this one opens the next */
      __atomic_signal_fence (__ATOMIC_SEQ_CST);
      *busy = 0;
      return rt_emit_slow (r, seq);
    }
  rt_self.chunk.cur = at + AUGUR_TRACE_RECORD_SIZE;
  rt_self.chunk.last_seq = seq;
  rt_record_put ((char *) (rt_self.chunk.shift + (uintptr_t) at), r, (uint32_t) seq);
  __atomic_signal_fence (__ATOMIC_SEQ_CST);
  __atomic_store_n (busy, 0, __ATOMIC_RELEASE);
  return at / AUGUR_TRACE_RECORD_SIZE;
}

/* A record with the common fields filled. */
RT_INLINE void
rt_record_init (AugurRecord *r, uint8_t kind, uint8_t flags, uint32_t tid, uintptr_t ra)
{
  r->kind = kind;
  r->flags = flags;
  r->check = 0;
  r->tid = tid;
  r->aux = 0;
  r->addr = 0;
  r->arg = 0;
  rt_pc (ra, r);
}

/* Convenience for the rarer events: build and emit in one call. */
uint64_t rt_event (uint8_t kind, uint8_t flags, uintptr_t ra, uint32_t aux,
                   uint64_t addr, uint64_t arg);

/* ------------------------------------------------------------------ */
/* The hook layer: one shape for every intercept (rt-sync.c)            */

enum {
  RT_RESULT_NONE = 0,  /* the result is not recorded */
  RT_RESULT_ARG,       /* the result code goes to arg */
  RT_RESULT_AUX        /* the result code goes to aux */
};

typedef struct {
  AugurRecord rec;     /* the main event; the intercept fills addr/arg/aux */
  uint8_t pre_kind;    /* an extra event written before the call (LOCK_REQ,
                        * COND_WAIT, BARRIER_ENTER), 0 if none */
  uint32_t pre_aux;
  uint64_t pre_arg;
  bool on;             /* this call is recorded */
  uintptr_t ra;        /* the intercept's return address */
  uintptr_t fp;        /* the intercept's frame pointer (rt_thread_emit_frames) */
  uint64_t slot;       /* slot of a release-like record written early */
  bool untimed;        /* a join that waits as long as it takes (pthread_join) */
  bool blocked;        /* counted in the trace header's blocked threads */
  bool live_added;     /* a create that counted its child in the live threads */
} RtSync;

/* Is this call recorded?  Fills op->rec's common fields. */
RT_INLINE bool
rt_sync_begin (RtSync *op, uint8_t kind, uint8_t flags, const void *obj, uintptr_t ra)
{
  op->on = rt_is_active () && rt_self.off_sync == 0;
  if (!op->on)
    return false;
  if (RT_UNLIKELY (rt_self.unwinding) && !rt_module_instrumented (ra))
    {
      op->on = false;
      return false;
    }
  rt_record_init (&op->rec, kind, flags, rt_tid (), ra);
  op->ra = ra;
  /* inlined: the intercept's own frame, whose saved frame pointer and
   * return address lead into the program's */
  op->fp = (uintptr_t) __builtin_frame_address (0);
  op->rec.addr = (uint64_t) (uintptr_t) obj;
  op->pre_kind = 0;
  op->pre_aux = 0;
  op->pre_arg = 0;
  op->slot = UINT64_MAX;
  op->untimed = false;
  op->blocked = false;
  op->live_added = false;
  return true;
}

/* Before the real call: writes the pre-event, and the main event if it is
 * release-like (with result 0, patched by rt_sync_after on failure).  This
 * is where a controlled scheduler will block the thread until its turn. */
void rt_sync_before (RtSync *op);
/* After the real call: writes the main event if it is acquire-like, or
 * patches the early record if the call failed. */
void rt_sync_after (RtSync *op, int64_t result);
/* The calling thread is no longer inside a call that waits for another
 * thread (it returned, or the thread was cancelled in it): the trace
 * header's count of blocked threads goes down (rt_trace_blocked). */
void rt_sync_unblocked (void);

/* The whole of an intercept that only names its event: KIND (with FLAGS,
 * aux = AUX) on OBJ around CALL, the real call, which is evaluated once,
 * straight through when the call is not recorded.  A macro, so that RT_RA ()
 * is the intercept's caller and CALL may be any expression. */
#define RT_SYNC_BODY(kind_, flags_, obj_, aux_, call_)                      \
  RtSync op;                                                                \
  if (!rt_sync_begin (&op, kind_, flags_, obj_, RT_RA ()))                  \
    return call_;                                                           \
  op.rec.aux = aux_;                                                        \
  rt_sync_before (&op);                                                     \
  int r = call_;                                                            \
  rt_sync_after (&op, r);                                                   \
  return r;

/* Statically initialised objects first seen in use (rt-objset.c). */
bool rt_objset_insert (const void *obj);   /* true if it was not there */
bool rt_objset_contains (const void *obj);
void rt_objset_remove (const void *obj);
/* Before the first event on a mutex never seen initialised: MUTEX_INIT
 * with AUGUR_MUTEX_STATIC (rt-mutex.c). */
void rt_mutex_note_use (const void *mutex, uint8_t flags, uintptr_t ra);
/* The robust mutexes the exiting thread holds, recorded as released (the
 * kernel's owner-died release; not under the scheduler). */
void rt_mutex_record_owner_died (uint8_t flags, uintptr_t ra);
/* An atomic 32-bit load by the program at @ra (as __tsan_atomic32_load),
 * for intercepts that read the program's memory for it (rt-futex.c). */
uint32_t rt_atomic_load32_at (const volatile uint32_t *a, int mo, uintptr_t ra);
/* The same load of @a, whose step under the scheduler reads the @n words
 * from @a on (one wait on several of rt-fdio.c's words: it depends on an
 * add to any of them); the record is the load of @a. */
uint32_t rt_atomic_load32_span_at (const volatile uint32_t *a, uint32_t n, int mo, uintptr_t ra);
/* An atomic 32-bit fetch-and-add at @ra (as __tsan_atomic32_fetch_add),
 * for intercepts that synchronise through a word of their own (rt-fdio.c). */
uint32_t rt_atomic_add32_at (volatile uint32_t *a, uint32_t v, int mo, uintptr_t ra);
/* The same, its record's aux AUGUR_ATOMIC_OP_ADD | @note (a channel's
 * AUGUR_CHANNEL_PUT or TAKE and its bytes). */
uint32_t rt_atomic_add32_note_at (volatile uint32_t *a, uint32_t v, int mo, uint32_t note,
                                  uintptr_t ra);
/* The same fetch-and-add, made only if @go (@arg) says so once the step's
 * turn has come: otherwise a load, as a failed CAS is (its step a READ);
 * whether it added. */
int rt_atomic_add32_if_at (volatile uint32_t *a, uint32_t v, int mo, int (*go) (const void *),
                           const void *arg, uintptr_t ra);
/* A futex call through syscall() (rt-futex.c; rt-syscall.c asks): 1 and
 * its result in *@r when it is a wait under the scheduler. */
int rt_futex_call (const long a[6], uintptr_t ra, long *r);
/* A write (or writev) and a close of @fd by the program at @ra: the steps
 * they are when @fd is an end of a pipe or socket pair the program made
 * (rt-fdio.c); called by the intercepts of rt-filemap.c and rt-signal.c.
 * rt_fdio_write returns 1 and the result in *@r when it made the call
 * itself (a blocking one under the scheduler, in parts as room comes:
 * @first makes the caller's call, with @flags added to a send's). */
typedef ssize_t RtFdioFirst (int fd, const void *args, int flags);
struct iovec;
int rt_fdio_write (int fd, const struct iovec *iov, int cnt, RtFdioFirst *first, const void *args,
                   uintptr_t ra, ssize_t *r);
void rt_fdio_before_close (int fd, uintptr_t ra);
/* Under the scheduler, a call by the program at @ra that makes or frees
 * a descriptor number is first a step on the descriptor table's word
 * (rt-fdtable.c): the explorer orders such calls of different threads. */
void rt_fdtable_step (uintptr_t ra);
/* poll and select by the program at @ra on its own pipes only (rt-time.c
 * asks): 1 and the call's result in *result when rt-fdio.c made the call. */
struct pollfd;
int rt_fdio_poll (struct pollfd *fds, unsigned long n, int timeout, uintptr_t ra, int *result);
int rt_fdio_select (int nfds, fd_set *r, fd_set *w, fd_set *e, const struct timeval *timeout,
                    uintptr_t ra, int *result);
/* The whole of a mutex intercept (pthread and C11), on the mutex `m' in
 * scope: KIND after CALL, PRE (LOCK_REQ, or 0) before it with aux TRY_KIND;
 * a trylock carries TRY_KIND in its own aux. */
#define RT_MUTEX_BODY(kind_, flags_, pre_, try_kind_, call_)                \
  RtSync op;                                                                \
  uintptr_t ra = RT_RA ();                                                  \
  if (!rt_sync_begin (&op, kind_, flags_, m, ra))                           \
    return call_;                                                           \
  rt_mutex_note_use (m, flags_, ra);                                        \
  op.pre_kind = pre_;                                                       \
  op.pre_aux = try_kind_;                                                   \
  if (kind_ == AUGUR_EV_MUTEX_TRYLOCK)                                      \
    op.rec.aux = try_kind_;                                                 \
  rt_sync_before (&op);                                                     \
  int r = call_;                                                            \
  rt_sync_after (&op, r);                                                   \
  return r;

/* ------------------------------------------------------------------ */
/* Real functions                                                       */

/* glibc's own allocator entry points: the runtime allocates through them so
 * that its few allocations (thread start blocks) are never recorded and
 * never re-enter rt-malloc.c. */
extern void *__libc_malloc (size_t size);
extern void *__libc_calloc (size_t n, size_t size);
extern void *__libc_realloc (void *p, size_t size);
extern void __libc_free (void *p);
extern void *__libc_memalign (size_t align, size_t size);
extern void *__libc_valloc (size_t size);
extern void *__libc_pvalloc (size_t size);

/* Looks up the next definition of a libc function, once.  Version NULL
 * means the default version. */
void *rt_real (const char *name, const char *version);

#define RT_REAL(var, name, version)                                        \
  ({                                                                       \
    __typeof__ (var) f_ = __atomic_load_n (&var, __ATOMIC_RELAXED);        \
    if (RT_UNLIKELY (f_ == NULL))                                          \
      {                                                                    \
        f_ = (__typeof__ (var)) rt_real (name, version);                   \
        __atomic_store_n (&var, f_, __ATOMIC_RELAXED);                     \
      }                                                                    \
    f_;                                                                    \
  })

/* Defines a static pointer `real_NAME` with the type of NAME and a function
 * `get_real_NAME()` that resolves it on first use. */
#define RT_DEFINE_REAL(name, version)                                      \
  static __typeof__ (name) *real_##name;                                   \
  static inline __typeof__ (name) *get_real_##name (void)                  \
  {                                                                        \
    return RT_REAL (real_##name, #name, version);                          \
  }

/* pthread_once and call_once share one implementation (rt-once.c): `call`
 * runs the real once function with the given control and routine. */
typedef int (*RtOnceCall) (void *control, void (*routine) (void));
int rt_once (void *control, void (*routine) (void), uint8_t flags, uintptr_t ra, RtOnceCall call);

/* ------------------------------------------------------------------ */
/* Endings (rt-signal.c) and memory (rt-malloc.c, rt-mem.c)             */

void rt_signal_init (void);
/* Writes the one END record of the run and closes the trace.  Returns false
 * if another END was already written. */
bool rt_end (uint32_t how, uint64_t status);
/* Is this action one of the runtime's own handlers (of a fatal signal the
 * program left at its default)? */
struct sigaction;
bool rt_signal_is_runtime_handler (const struct sigaction *sa);
extern int rt_exit_status;          /* set by main's return or exit() */
extern int rt_exit_status_known;

/* Emit a READ_RANGE / WRITE_RANGE for an intercepted mem* or str* call or
 * a range hook; calls made by the runtime itself are not recorded. */
void rt_range (uint8_t kind, const void *addr, size_t len, uintptr_t ra);
void rt_range_at (uint8_t kind, const void *addr, size_t len, uintptr_t ra);
/* The bounds of libaugur-rt itself (rt-mem.c). */
extern uintptr_t rt_self_lo, rt_self_size;
/* memcpy/memmove/memset with the events of the intercepts, attributed to
 * ra: shared by the intercepts and __tsan_memcpy & co. */
void *rt_memcpy_at (void *dst, const void *src, size_t n, uintptr_t ra);
void *rt_memmove_at (void *dst, const void *src, size_t n, uintptr_t ra);
void *rt_memset_at (void *dst, int c, size_t n, uintptr_t ra);
/* ALLOC for an object allocated by the runtime on the program's behalf
 * (strdup, strndup) (rt-malloc.c). */
void rt_alloc_note (void *p, size_t size, uintptr_t ra);
/* rt-filemap.c: a new mapping (shared file mappings are kept), one gone. */
void rt_filemap_mapped (void *addr, size_t len, int flags, int fd, off_t off);
void rt_filemap_unmapped (void *addr, size_t len);
/* Does the program replace malloc (its calls and glibc's reach its own
 * allocator, not rt-malloc.c's)? (rt-malloc.c) */
bool rt_malloc_replaced (void);
/* Looks up, once at start-up, what malloc and free need of libc (no
 * lookup may happen inside a free: rt-malloc.c). */
void rt_malloc_init (void);

#endif /* AUGUR_RT_INTERNAL_H */
