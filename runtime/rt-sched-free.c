/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sched-free.c — the controlled scheduler's check of free(): a block
 * freed twice in one execution (double free) or memory that no allocator
 * handed out (a global, a variable on a stack: invalid free) is a misuse,
 * reported and not passed to libc.  The blocks freed in this execution
 * and not handed out again are kept in a table that lives in the
 * execution's private memory, so that every execution starts empty.
 */
#include "config.h"

#include "runtime/rt-sched-private.h"
#include "runtime/rt-fiber.h"

#include <stdint.h>

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
