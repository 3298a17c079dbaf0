/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sched-heap.c — what the controlled scheduler knows of the heap
 * (rt-sched-private.h): the blocks freed in this execution, so that a
 * double or invalid free is a finding instead of libc's abort, and so
 * that an access static analysis pruned (not a step, rt-sched-access.c)
 * still becomes a step when it touches freed memory: the facts prove
 * that no data race involves it, not that its block is alive, and the
 * explorer finds uses of freed memory among steps (explorer/memcheck.c);
 * and the model's synchronisation objects in freed blocks, which stay the
 * objects they were until their memory is handed out again.
 *
 * All are reset with the rest of the runtime's memory when an execution
 * ends.
 */
#include "config.h"

#include "runtime/rt-sched-private.h"
#include "runtime/rt-fiber.h"
#include "runtime/rt-ranges.h"
#include "common/augur-ops.h"

#include <string.h>

/* ------------------------------------------------------------------ */
/* Double and invalid frees: the blocks freed in this execution and not
 * handed out again, by their first byte (open addressing, tombstones;
 * full: not checked). */

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

/* ------------------------------------------------------------------ */
/* Uses of freed memory at pruned accesses: the bytes freed in this
 * execution and not handed out again, as sorted disjoint ranges.  Kept
 * only while some pcs are pruned; full: every pruned access is a step. */

#define NRANGES 1024u
static RtRange range_store[NRANGES];
static RtRanges ranges = { range_store, NRANGES, 0, false };
/* ranges.n, or 1 when full: 0 says at once that nothing freed is kept */
uint32_t rt_sched_freed_any;

void
rt_sched_freed (void *p, size_t size)
{
  if (rt_sched_shm->n_pruned == 0 || ranges.full || size == 0)
    return;
  uintptr_t lo = (uintptr_t) p;
  rt_ranges_add (&ranges, lo, lo + size);
  rt_sched_freed_any = 1;
}

bool
rt_sched_freed_hit (const void *addr, size_t size)
{
  if (ranges.full)
    return true;
  uintptr_t lo = (uintptr_t) addr;
  return rt_ranges_hit (&ranges, lo, lo + (size ? size : 1));
}

/* ------------------------------------------------------------------ */
/* A block freed while another thread waits on an object in it: a lock
 * of a mutex there that another holds, a condition wait, a semaphore
 * wait.  That is a use of freed memory whatever comes next: the wait may
 * end after the memory is handed out again (a new mutex there: the lock
 * then takes it), or never (main returns), or in the waker's order, and
 * no step of the waiter touches the block after the free.  A thread that
 * only tries (trylock) waits for nothing. */

static bool
waits_in (const RtSThread *w, uint64_t lo, uint64_t size)
{
  if (w->state != AUGUR_STH_ENABLED || !w->has_pending || w->try_op)
    return false;
  const AugurOpsSched *op = augur_ops_sched (w->pending.op);
  if (!op->may_block)
    return false;
  if (op->uses_obj && w->pending.obj - lo < size)
    return true;
  return op->lock == AUGUR_OPS_LOCK_ACQUIRE && op->lock_in == AUGUR_OPS_IN_ARG
         && w->pending.arg - lo < size;
}

void
rt_sched_free_waited (uint64_t lo, uint64_t size, uint32_t me)
{
  for (uint32_t t = 0; t < rt_sched_n_threads; t++)
    if (t != me && waits_in (&rt_sth[t], lo, size ? size : 1))
      rt_sched_misuse (AUGUR_MISUSE_FREE_WAITED, t, rt_sth[t].pending.pc, rt_sth[t].pending.module,
                       rt_sth[t].pending.obj);
}

/* ------------------------------------------------------------------ */
/* The model's objects in freed blocks.  A mutex destroyed, freed and then
 * locked is a use after destroy and a use of freed memory, whatever the
 * allocator wrote over its bytes meanwhile: glibc's free puts its list
 * links in a block's first words, and a thread's exit moves its cached
 * blocks to the arena's lists; those writes are no new object
 * (rt_sched_obj), and a call on the dead object is no call on an
 * uninitialised one (rt_sched_check_initialised).  The objects are new
 * ones once an allocation hands any of their memory out again. */

/* an object was marked in this execution: allocations look for them */
static bool objs_freed_any;

void
rt_sched_objs_freed (void *p, size_t size)
{
  uintptr_t lo = (uintptr_t) p;
  RtSObj *o;
  for (uint32_t u = 0; (o = rt_sched_obj_nth (u)) != NULL; u++)
    if (o->kind != RT_OBJ_FREE && o->addr - lo < size)
      {
        o->in_freed = 1;
        objs_freed_any = true;
      }
}

void
rt_sched_allocated (void *p, size_t size)
{
  uint32_t at;
  bool again = n_freed > 0 && freed_find ((uintptr_t) p, &at);
  if (again)
    freed[at] = FREED_GONE;
  /* a block handed out whole, or any memory of a marked object's block */
  if (again || objs_freed_any)
    rt_sched_objs_reborn ((uintptr_t) p, size);
  if (ranges.n > 0 && !ranges.full)
    {
      rt_ranges_remove (&ranges, (uintptr_t) p, (uintptr_t) p + (size ? size : 1));
      rt_sched_freed_any = ranges.n != 0 || ranges.full;
    }
  rt_sched_written_reset ((uintptr_t) p, size);
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

