/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sched-access.c — what the hook layer hands the controlled scheduler
 * besides synchronisation (rt-sched-private.h): memory accesses and
 * atomics, each a step unless static analysis pruned its pc (then
 * rt-sched-await.c still sees it), a CAS that failed turned into the read
 * it was, and the object events that give addresses their names (an
 * allocation, a free, a thread's stack and TLS), with the top of a
 * thread's stack they need.
 */
#include "config.h"

#include "runtime/rt-sched-private.h"
#include "runtime/rt-fiber.h"
#include "runtime/rt-thread.h"

#define shm rt_sched_shm

uint32_t rt_sched_pruned_seen;
/* rt_sched_pruned_seen when the last ALLOC was logged */
static uint32_t pruned_at_alloc;

/* ------------------------------------------------------------------ */
/* Object events: what gives addresses their names (augur-sched-format.h).
 * Only the running thread writes them (the token holder, or a new thread
 * before its first step while its creator waits for it to park), so a
 * few plain stores do. */

int
rt_sched_last_alloc_untouched (uint64_t addr)
{
  uint32_t n = shm->n_objects;
  return n > 0 && n <= AUGUR_SCHED_MAX_OBJECTS && shm->objects[n - 1].kind == AUGUR_EV_ALLOC
         && shm->objects[n - 1].addr == addr && shm->objects[n - 1].step == shm->n_steps
         && pruned_at_alloc == rt_sched_pruned_seen;
}

static void
object_event (uint8_t kind, uint32_t tid, uint32_t aux, uint64_t addr, uint64_t arg,
              uint8_t module, uint32_t pc)
{
  uint32_t n = shm->n_objects;
  /* a block freed before any step could touch it names nothing: the pair
   * goes (allocation numbers still count it), and free(malloc()) loops
   * do not fill the log */
  if (kind == AUGUR_EV_FREE && rt_sched_last_alloc_untouched (addr))
    {
      shm->n_objects = n - 1;
      return;
    }
  if (kind == AUGUR_EV_ALLOC)
    pruned_at_alloc = rt_sched_pruned_seen;
  if (RT_UNLIKELY (n >= AUGUR_SCHED_MAX_OBJECTS))
    {
      if (shm->objects_lost_at == UINT32_MAX)
        shm->objects_lost_at = shm->n_steps;
      return;
    }
  AugurSchedObjectEvent *e = &shm->objects[n];
  e->step = shm->n_steps;
  e->kind = kind;
  e->tid = tid;
  e->aux = aux;
  e->addr = addr;
  e->arg = arg;
  e->module = module;
  e->pc = pc;
  shm->n_objects = n + 1;
}

void
rt_sched_object (uint8_t kind, uint32_t tid, uint32_t aux, uint64_t addr, uint64_t arg)
{
  object_event (kind, tid, aux, addr, arg, 0, 0);
}

void
rt_sched_alloc_object (const AugurRecord *rec)
{
  object_event (rec->kind, rec->tid, rec->aux, rec->addr, rec->arg, rec->module, rec->pc);
}

/* pthread_getattr_np mallocs, and a thread's first malloc maps it a new
 * 64 MiB arena: too much for every thread of every execution.  glibc puts
 * a thread's descriptor, which the thread pointer points to, a fixed
 * distance below the top of the stacks it allocates (aligned down from
 * the top, whose alignment glibc keeps), so the distance is measured once,
 * by the first thread of the exploration, and kept in the page. */
uint64_t
rt_sched_stack_top (void)
{
  if (rt_fibers)
    return rt_fiber_stack_top (rt_self.tid);
  uint64_t tp = (uint64_t) (uintptr_t) __builtin_thread_pointer ();
  uint64_t d = shm->stack_top_from_tp;
  if (RT_LIKELY (d != 0))
    return tp + d;
  uint64_t top = rt_thread_stack_top ();
  if (top > tp)
    shm->stack_top_from_tp = top - tp;
  return top;
}

/* ------------------------------------------------------------------ */
/* Hooks: accesses */

/* Is this access's pc (as make_step computes it: return address of the
 * hook's call minus one, an offset in the executable) in a range static
 * analysis pruned?  Binary search of the sorted, disjoint ranges. */
static RT_NOINLINE int
pruned_pc (uintptr_t ra)
{
  uintptr_t pc = ra - 1;
  if (pc - rt_exe_lo >= rt_exe_size)
    return 0;   /* not the executable's code (or ra unknown) */
  uint32_t off = (uint32_t) (pc - rt_exe_bias);
  uint32_t lo = 0, hi = shm->n_pruned;
  if (hi > AUGUR_SCHED_MAX_PRUNED)
    hi = AUGUR_SCHED_MAX_PRUNED;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (off < shm->pruned[mid].lo)
        hi = mid;
      else if (off >= shm->pruned[mid].hi)
        lo = mid + 1;
      else
        return 1;
    }
  return 0;
}

/* The return address of the call into the runtime that made thread t's
 * pending step, if it is live and suspended at one; else 0. */
static uintptr_t
pending_ra (uint32_t t)
{
  const RtSThread *s = &rt_sth[t];
  if (s->state == AUGUR_STH_EXITED || s->state == AUGUR_STH_UNUSED || !s->has_pending
      || s->pending.pc == 0)
    return 0;
  uintptr_t bias = s->pending.module == 0 ? rt_exe_bias : rt_module_bias (s->pending.module);
  return bias + s->pending.pc + 1;
}

/* Is @addr a local of a function another thread has returned from: on
 * its stack, below the function that made its pending step? */
static bool
dead_frame (uint64_t addr)
{
  uint64_t sp = rt_fiber_program_sp (rt_self.tid, addr, pending_ra);
  return sp != 0 && addr < sp;
}

void
rt_sched_access (uint8_t kind, const void *addr, size_t size, uintptr_t ra)
{
  /* errno and the rest of libc's TLS: one address for every fiber, each
   * fiber's own value; never recorded either (rt-internal.h) */
  if (rt_tls_private (addr))
    return;
  if (kind == AUGUR_EV_WRITE_RANGE)
    rt_sched_written (addr, size);
  /* no step, but Await still sees it (--sync-only, or pruned by the
   * static facts; one predictable branch when neither).  A pruned access
   * to freed memory is a step all the same: the facts rule out races,
   * not uses of freed blocks, which the explorer finds among steps. */
  if (shm->flags & AUGUR_SCHED_F_NO_ACCESSES)
    {
      rt_sched_await_invisible_access (kind, addr, size, ra);
      return;
    }
  if (RT_UNLIKELY (shm->n_pruned != 0) && pruned_pc (ra)
      && (rt_sched_freed_any == 0 || !rt_sched_freed_hit (addr, size)))
    {
      rt_sched_pruned_seen++;
      rt_sched_await_invisible_access (kind, addr, size, ra);
      return;
    }
  AugurSchedStep s;
  int write = kind == AUGUR_EV_WRITE || kind == AUGUR_EV_WRITE_RANGE;
  rt_sched_make_step (&s, write ? AUGUR_SOP_WRITE : AUGUR_SOP_READ, kind, (uint64_t) (uintptr_t) addr,
                      (uint32_t) (size > UINT32_MAX ? UINT32_MAX : size), ra);
  if (kind == AUGUR_EV_READ_RANGE || kind == AUGUR_EV_WRITE_RANGE)
    s.flags |= AUGUR_SF_RANGE;
  if (rt_self.in_volatile)
    s.xflags |= AUGUR_SXF_VOLATILE;
  rt_sched_point (&s, 0);
  /* a local of another thread's function that has returned: the calls
   * that thread made since write that memory unseen.  Judged as the
   * access is made (the step was chosen), with the owner at its own
   * next step */
  if (RT_UNLIKELY (rt_fibers) && dead_frame ((uint64_t) (uintptr_t) addr))
    {
      AugurSchedStep *mine = rt_sched_my_step ();
      if (mine != NULL)
        mine->xflags |= AUGUR_SXF_DEAD_FRAME;
    }
}

/* Does C11 order @mo (relaxed 0, consume 1, acquire 2, release 3,
 * acq_rel 4, seq_cst 5; gcc may pass flags above them) acquire, release? */
static void
order_of (int mo, int *acquire, int *release)
{
  int o = mo & 7;
  *acquire = o == __ATOMIC_CONSUME || o == __ATOMIC_ACQUIRE || o >= __ATOMIC_ACQ_REL;
  *release = o == __ATOMIC_RELEASE || o >= __ATOMIC_ACQ_REL;
}

/* A thread fence makes no step (it touches no memory, so no reordering
 * of it matters): its order goes on the thread's next step, where the
 * explorer's race detection applies C11's fence rules (7.17.4). */
static void
fence (int mo)
{
  uint32_t me = rt_self.tid;
  if (me >= RT_MAXT)
    return;
  int acq, rel;
  order_of (mo, &acq, &rel);
  rt_sth[me].fences |= (uint16_t) ((acq ? AUGUR_SXF_ACQ_FENCE : 0) | (rel ? AUGUR_SXF_REL_FENCE : 0));
}

void
rt_sched_atomic (uint8_t kind, const volatile void *addr, unsigned size, int mo, uintptr_t ra)
{
  if (kind == AUGUR_EV_FENCE)
    {
      fence (mo);
      return;
    }
  AugurSchedStep s;
  rt_sched_make_step (&s, kind == AUGUR_EV_ATOMIC_LOAD ? AUGUR_SOP_READ : AUGUR_SOP_WRITE, kind,
                      (uint64_t) (uintptr_t) addr, size ? size : 16, ra);
  s.flags |= AUGUR_SF_ATOMIC;
  int acq, rel;
  order_of (mo, &acq, &rel);
  s.flags |= (uint8_t) ((acq ? AUGUR_SF_ACQUIRE : 0) | (rel ? AUGUR_SF_RELEASE : 0));
  rt_sched_point (&s, 0);
}

void
rt_sched_cas_result (int ok)
{
  AugurSchedStep *s = rt_sched_my_step ();
  if (s != NULL && !ok)
    s->op = AUGUR_SOP_READ;
}
