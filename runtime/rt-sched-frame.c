/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sched-frame.c — the lifetime of a synchronisation object that is a
 * local (automatic) variable: it ends when the frame that holds it
 * returns, and what a later call finds at its address is a new object,
 * even where nothing wrote its bytes (a mutex set up by
 * PTHREAD_MUTEX_INITIALIZER in one function, never destroyed; another
 * function's uninitialised local in the same stack slot, given to
 * pthread_mutex_init: that is no init of a mutex in use).
 *
 * The frame: the first call on the object by the thread on whose stack it
 * lies unwinds that stack (the unwinder the Await fingerprints use) and
 * finds the frame whose span, from its stack pointer up to its caller's,
 * holds the object.  Frames are matched to the depths of __tsan_func_entry
 * by their return addresses, as the shadow ring has them (rt-tsan.c),
 * from the program's innermost frame outwards; the object is bound to the
 * depth and the generation of its frame there.  Every entry to a depth
 * and every exit from it gives the depth a new generation: while the
 * generation bound is still the depth's, the frame has not returned.
 *
 * Sound by construction where it cannot tell: an object on another
 * thread's stack when first called, a frame past a function augur-cc did
 * not build, a mismatch of return addresses, a depth beyond the ring, no
 * unwinder — the object is bound to nothing and lives on as before.  A
 * frame left by longjmp or pthread_exit runs no exit: its generation stays
 * and its objects live on.  An object held, read-locked or waited on when
 * its frame ended stays the old one (what the program does with it then is
 * the finding to keep).  Only the bound thread's calls bind, once per
 * object (rt_sched_obj makes a new one unbound).
 */
#include "config.h"

#include "runtime/rt-sched-private.h"

/* frames looked at, at most, on the way to the object's */
#define MAX_FRAMES 96

typedef struct {
  uintptr_t addr;       /* the object */
  const uintptr_t *shadow;
  int64_t idx;          /* the depth of the program frame seen last; -1: none yet */
  uintptr_t lo;         /* where that frame starts: its stack pointer */
  int n;
  int64_t found;        /* the depth of the object's frame, confirmed; -1 */
} FrameWalk;

/* One frame, innermost first: @ip, where it runs, and @sp, its stack
 * pointer (the unwinder's CFA before it steps out of the frame: the CFA
 * of the one below).  The frame seen before spans [its sp, @sp). */
static int
on_frame (void *arg, uintptr_t ip, uintptr_t sp)
{
  FrameWalk *w = arg;
  if (++w->n > MAX_FRAMES)
    return 1;
  if (w->idx >= 0)
    {
      /* the program frame seen last is depth idx if it returns here */
      if (w->shadow[w->idx & (RT_SHADOW_SIZE - 1)] != ip || w->addr < w->lo)
        return 1;
      if (w->addr < sp)
        {
          w->found = w->idx;
          return 1;
        }
      if (w->idx == 0 || !rt_module_instrumented (ip))
        return 1;
      w->idx--;
    }
  else if (rt_module_instrumented (ip))
    w->idx = (int64_t) rt_self.depth - 1;   /* the frame that called the runtime */
  else
    return !rt_module_is_runtime (ip);   /* the runtime's frames, below the program's */
  w->lo = sp;
  return w->idx < 0;
}

void
rt_sched_frame_bind (RtSObj *o, uint32_t me)
{
  if (o == NULL || o->frame_gen != 0 || o->frame_tried || rt_self.shadow == NULL)
    return;
  uintptr_t sp = (uintptr_t) __builtin_frame_address (0);
  if (o->addr < sp || o->addr >= rt_sched_own_stack_top (me))
    return;   /* not on this thread's live stack */
  o->frame_tried = 1;
  const uint32_t *gens = rt_frame_gens (me);
  if (gens == NULL)
    return;
  FrameWalk w = { .addr = (uintptr_t) o->addr, .shadow = rt_self.shadow, .idx = -1, .found = -1 };
  if (!rt_sched_walk_frames (on_frame, &w) || w.found < 0 || w.found >= (int64_t) RT_SHADOW_SIZE)
    return;
  o->frame_tid = (uint16_t) me;
  o->frame_depth = (uint8_t) w.found;
  o->frame_gen = gens[w.found];
}

int
rt_sched_frame_ended (RtSObj *o)
{
  if (RT_LIKELY (o->frame_gen == 0))
    return 0;
  const uint32_t *gens = rt_frame_gens (o->frame_tid);
  if (gens == NULL || gens[o->frame_depth] == o->frame_gen)
    return 0;
  if (o->owner != RT_NONE || o->count != 0 || o->arrived != 0)
    return 0;
  for (uint32_t t = 0; t < rt_sched_n_threads; t++)
    if (rt_sth[t].state == AUGUR_STH_ENABLED && rt_sth[t].wait_cond == o->addr)
      return 0;
  /* a mutex initialised by a call, gone without a destroy */
  if (o->kind == RT_OBJ_MUTEX && o->inited)
    rt_sched_misuse (AUGUR_MISUSE_NOT_DESTROYED, o->init_tid, o->init_pc, o->init_module, o->addr);
  return 1;
}
