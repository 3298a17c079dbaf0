/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sync.c — the hook layer every intercept goes through, and the ordering
 * rule in one table.
 *
 * Each intercept is written as
 *
 *     RtSync op;
 *     if (!rt_sync_begin (&op, KIND, flags, obj, RT_RA ()))
 *       return real (...);             // not recording: straight through
 *     ... fill op.rec.arg / aux, op.pre_kind ...
 *     rt_sync_before (&op);
 *     r = real (...);
 *     rt_sync_after (&op, r);
 *
 * and the table below says, per event kind, whether the event is written in
 * rt_sync_before or in rt_sync_after.  The rule keeps the slot order
 * consistent with what synchronisation allows: an operation that *releases*
 * (unlock, post, signal, create, free, barrier entry) is written before the
 * real call, so any thread it lets go finds it already in the trace; one that
 * *acquires* (lock, wait, join, allocation) is written after the real call
 * returned, so it follows whatever released it.  A release-like record is
 * written with result 0 and patched in place if the call failed: it is
 * valid from the moment it is written, so a crash never leaves a hole.
 *
 * The controlled scheduler (explorer/) attaches here and only here: it will
 * park the thread in rt_sync_before until the schedule says it may run, and
 * learn in rt_sync_after whether the operation blocked or failed.
 */
#include "config.h"

#include "runtime/rt-internal.h"
#include "runtime/rt-packed.h"
#include "runtime/rt-sched.h"
#include "runtime/rt-thread.h"

typedef struct {
  uint8_t release;   /* written before the real call */
  uint8_t result;    /* RT_RESULT_*: where the result code goes */
  uint8_t callers;   /* takes a lock: its callers follow it (CALLERS records; the
                      * scheduler's callers[]) when it did */
} RtKindPolicy;

static const RtKindPolicy policy[AUGUR_EV_LAST_] = {
  [AUGUR_EV_THREAD_CREATE] = { .release = 1, .result = RT_RESULT_NONE },
  [AUGUR_EV_THREAD_JOIN] = { .release = 0, .result = RT_RESULT_ARG },
  [AUGUR_EV_THREAD_DETACH] = { .release = 0, .result = RT_RESULT_ARG },

  [AUGUR_EV_MUTEX_INIT] = { .release = 0, .result = RT_RESULT_NONE },
  [AUGUR_EV_MUTEX_LOCK] = { .release = 0, .result = RT_RESULT_ARG, .callers = 1 },
  [AUGUR_EV_MUTEX_TRYLOCK] = { .release = 0, .result = RT_RESULT_ARG, .callers = 1 },
  [AUGUR_EV_MUTEX_TIMEDLOCK] = { .release = 0, .result = RT_RESULT_ARG, .callers = 1 },
  [AUGUR_EV_MUTEX_UNLOCK] = { .release = 1, .result = RT_RESULT_ARG },
  [AUGUR_EV_MUTEX_DESTROY] = { .release = 0, .result = RT_RESULT_ARG },

  [AUGUR_EV_RWLOCK_INIT] = { .release = 0, .result = RT_RESULT_ARG },
  [AUGUR_EV_RWLOCK_RDLOCK] = { .release = 0, .result = RT_RESULT_ARG, .callers = 1 },
  [AUGUR_EV_RWLOCK_WRLOCK] = { .release = 0, .result = RT_RESULT_ARG, .callers = 1 },
  [AUGUR_EV_RWLOCK_UNLOCK] = { .release = 1, .result = RT_RESULT_ARG },
  [AUGUR_EV_RWLOCK_DESTROY] = { .release = 0, .result = RT_RESULT_ARG },

  [AUGUR_EV_COND_INIT] = { .release = 0, .result = RT_RESULT_NONE },
  [AUGUR_EV_COND_WAKE] = { .release = 0, .result = RT_RESULT_AUX, .callers = 1 },
  [AUGUR_EV_COND_SIGNAL] = { .release = 1, .result = RT_RESULT_NONE },
  [AUGUR_EV_COND_BROADCAST] = { .release = 1, .result = RT_RESULT_NONE },
  [AUGUR_EV_COND_DESTROY] = { .release = 0, .result = RT_RESULT_NONE },

  [AUGUR_EV_BARRIER_INIT] = { .release = 0, .result = RT_RESULT_NONE },
  [AUGUR_EV_BARRIER_LEAVE] = { .release = 0, .result = RT_RESULT_NONE },
  [AUGUR_EV_BARRIER_DESTROY] = { .release = 0, .result = RT_RESULT_NONE },

  [AUGUR_EV_SEM_INIT] = { .release = 0, .result = RT_RESULT_NONE },
  [AUGUR_EV_SEM_WAIT] = { .release = 0, .result = RT_RESULT_ARG },
  [AUGUR_EV_SEM_POST] = { .release = 1, .result = RT_RESULT_ARG },
  [AUGUR_EV_SEM_DESTROY] = { .release = 0, .result = RT_RESULT_ARG },

  [AUGUR_EV_SPIN_INIT] = { .release = 0, .result = RT_RESULT_ARG },
  [AUGUR_EV_SPIN_LOCK] = { .release = 0, .result = RT_RESULT_ARG, .callers = 1 },
  [AUGUR_EV_SPIN_UNLOCK] = { .release = 1, .result = RT_RESULT_ARG },
  [AUGUR_EV_SPIN_DESTROY] = { .release = 0, .result = RT_RESULT_ARG },

  [AUGUR_EV_ONCE] = { .release = 0, .result = RT_RESULT_NONE },

  [AUGUR_EV_ALLOC] = { .release = 0, .result = RT_RESULT_NONE },
  [AUGUR_EV_FREE] = { .release = 1, .result = RT_RESULT_NONE },
};

/* A call that returns only when another thread makes it (an untimed
 * lock, condition wait, join or barrier wait): while every live thread is
 * in one, the run can only end by a kill (the trace header's counts, read
 * by the tool's watchdog).  A semaphore is not one: sem_post may come from
 * a signal handler. */
static bool
waits_for_others (const RtSync *op)
{
  switch (op->rec.kind)
    {
    case AUGUR_EV_MUTEX_LOCK:
    case AUGUR_EV_BARRIER_LEAVE:
      return true;
    case AUGUR_EV_RWLOCK_RDLOCK:
    case AUGUR_EV_RWLOCK_WRLOCK:
      return op->rec.aux == AUGUR_TRY_BLOCKING;
    case AUGUR_EV_COND_WAKE:
      return op->pre_aux == 0;   /* not timed */
    case AUGUR_EV_THREAD_JOIN:
      return op->untimed;
    default:
      return false;
    }
}

void
rt_sync_before (RtSync *op)
{
  if (!op->on)
    return;
  if (rt_sched_is_on ())
    rt_sched_sync_before (op);
  else if (op->rec.kind == AUGUR_EV_THREAD_CREATE)
    {
      op->live_added = true;   /* the child is counted until its exit (rt_thread_exit_record) */
      rt_trace_live (1);
    }
  if (op->pre_kind != 0)
    {
      AugurRecord pre = op->rec;
      pre.kind = op->pre_kind;
      pre.aux = op->pre_aux;
      pre.arg = op->pre_arg;
      rt_emit_packed (&pre);   /* never patched */
    }
  if (op->rec.kind == AUGUR_EV_THREAD_CREATE && op->rec.addr == RT_TID_NONE)
    op->slot = rt_thread_number_emit (op);   /* the child's number, in record order */
  else if (policy[op->rec.kind].release)
    op->slot = rt_emit_patchable (&op->rec, policy[op->rec.kind].result);
  if (!rt_sched_is_on () && rt_self.live && !rt_self.in_block && waits_for_others (op))
    {
      op->blocked = true;
      rt_self.in_block = 1;
      rt_trace_blocked (1);
    }
}

static void
set_result (AugurRecord *r, int64_t result)
{
  switch (policy[r->kind].result)
    {
    case RT_RESULT_ARG:
      r->arg = (uint64_t) result;
      break;
    case RT_RESULT_AUX:
      r->aux = (uint32_t) result;
      break;
    default:
      break;
    }
}

/* The CALLERS records after an acquisition @r (augur-trace-format.h). */
static void
emit_callers (const AugurRecord *r)
{
  uint8_t module[AUGUR_TRACE_MAX_CALLERS];
  uint32_t pc[AUGUR_TRACE_MAX_CALLERS];
  unsigned n = rt_callers (module, pc, AUGUR_TRACE_MAX_CALLERS);
  for (unsigned i = 0; i < n; i += 3)
    {
      AugurRecord c;
      rt_record_init (&c, AUGUR_EV_CALLERS, 0, r->tid, 0);
      unsigned here = n - i < 3 ? n - i : 3;
      c.aux = here;
      c.addr = (uint64_t) module[i] << 32 | pc[i];
      if (here > 1)
        c.arg = (uint64_t) module[i + 1] << 32 | pc[i + 1];
      if (here > 2)
        {
          c.module = module[i + 2];
          c.pc = pc[i + 2];
        }
      rt_emit_packed (&c);
    }
}

void
rt_sync_unblocked (void)
{
  if (rt_self.in_block)
    {
      rt_self.in_block = 0;
      rt_trace_blocked (-1);
    }
}

void
rt_sync_after (RtSync *op, int64_t result)
{
  if (!op->on)
    return;
  if (op->blocked)
    {
      op->blocked = false;
      rt_sync_unblocked ();
    }
  if (op->live_added && result != 0)
    {
      op->live_added = false;   /* no child */
      rt_trace_live (-1);
    }
  /* a lock taken (a condition wait re-acquires its mutex whatever it returns) */
  bool took = policy[op->rec.kind].callers && (result == 0 || op->rec.kind == AUGUR_EV_COND_WAKE);
  if (rt_sched_is_on ())
    rt_sched_sync_after (op, result);
  else if (op->rec.kind != AUGUR_EV_THREAD_CREATE)
    rt_thread_emit_frames (op->fp);   /* the names of this thread's locals (a create walks after) */
  if (!policy[op->rec.kind].release)
    {
      set_result (&op->rec, result);
      rt_emit_packed (&op->rec);   /* written once it is known: never patched */
      if (took)
        emit_callers (&op->rec);
      return;
    }
  /* Released already: correct the record in place if the call failed. */
  if (result != 0 && op->slot != UINT64_MAX && policy[op->rec.kind].result != RT_RESULT_NONE)
    {
      set_result (&op->rec, result);
      rt_trace_rewrite (op->slot, &op->rec);
    }
}
