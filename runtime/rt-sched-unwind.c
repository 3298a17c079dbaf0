/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-sched-unwind.c — the thread's own frames, through libgcc's unwinder
 * (loaded at start: dlsym may allocate): walking them for the callers of
 * a step (rt_sched_walk_frames), and finding the frame that made a step,
 * with its stack pointer and callee-saved registers, for the fingerprint
 * of a waiting loop's state (rt-sched-await.c).
 */
#include "config.h"

#include "runtime/rt-internal.h"
#include "runtime/rt-sched-private.h"

#include <dlfcn.h>
#include <string.h>
#include <unwind.h>

static _Unwind_Reason_Code (*uw_backtrace) (_Unwind_Trace_Fn, void *);
static _Unwind_Ptr (*uw_get_ip) (struct _Unwind_Context *);
static _Unwind_Word (*uw_get_cfa) (struct _Unwind_Context *);
static _Unwind_Word (*uw_get_gr) (struct _Unwind_Context *, int);

void
rt_sched_find_unwinder (void)
{
  /* libgcc_s is loaded by now (rt-start.c); dlsym may allocate, so this
   * runs once at start, where nothing is recorded */
  void *gcc = dlopen ("libgcc_s.so.1", RTLD_NOW | RTLD_NOLOAD);
  if (gcc == NULL)
    gcc = dlopen ("libgcc_s.so.1", RTLD_NOW);   /* glibc's backtrace loaded it locally */
  if (gcc == NULL)
    return;   /* no fingerprints: no loop is taken for a waiting one */
  uw_get_ip = (_Unwind_Ptr (*) (struct _Unwind_Context *)) dlsym (gcc, "_Unwind_GetIP");
  uw_get_cfa = (_Unwind_Word (*) (struct _Unwind_Context *)) dlsym (gcc, "_Unwind_GetCFA");
  uw_get_gr = (_Unwind_Word (*) (struct _Unwind_Context *, int)) dlsym (gcc, "_Unwind_GetGR");
  void *bt = dlsym (gcc, "_Unwind_Backtrace");
  if (uw_get_ip != NULL && uw_get_cfa != NULL && uw_get_gr != NULL)
    uw_backtrace = (_Unwind_Reason_Code (*) (_Unwind_Trace_Fn, void *)) bt;
}

typedef struct {
  int (*fn) (void *arg, uintptr_t ip, uintptr_t cfa);
  void *arg;
} RtFrameWalk;

static _Unwind_Reason_Code
walk_frame (struct _Unwind_Context *ctx, void *arg)
{
  RtFrameWalk *w = arg;
  int stop = w->fn (w->arg, (uintptr_t) uw_get_ip (ctx), (uintptr_t) uw_get_cfa (ctx));
  return stop ? _URC_END_OF_STACK : _URC_NO_REASON;
}

int
rt_sched_walk_frames (int (*fn) (void *arg, uintptr_t ip, uintptr_t cfa), void *arg)
{
  if (uw_backtrace == NULL)
    return 0;
  RtFrameWalk w = { fn, arg };
  /* as for a fingerprint: the unwinder's own calls are not the program's */
  rt_guard_enter ();
  uw_backtrace (walk_frame, &w);
  rt_guard_leave ();
  return 1;
}

typedef struct {
  uintptr_t want;       /* the step's return address */
  uintptr_t below_cfa;  /* CFA of the frame below the one found: its stack pointer */
  uint64_t regs[6];
  int found;
  int depth, max_depth;
} RtFrameFind;

static _Unwind_Reason_Code
find_frame (struct _Unwind_Context *ctx, void *arg)
{
  RtFrameFind *f = arg;
  if ((uintptr_t) uw_get_ip (ctx) == f->want && f->depth > 0)
    {
      /* libgcc's CFA of a frame's context is that of the frame it was
       * unwound from, the one below (the previous context's is the CFA
       * of the frame below that: the hash took in the runtime's own
       * frame, the interceptor's locals, which change from call to call) */
      f->below_cfa = (uintptr_t) uw_get_cfa (ctx);
      /* x86-64 DWARF numbers of rbx, rbp, r12-r15 */
      static const int callee_saved[6] = { 3, 6, 12, 13, 14, 15 };
      for (int i = 0; i < 6; i++)
        f->regs[i] = (uint64_t) uw_get_gr (ctx, callee_saved[i]);
      f->found = 1;
      return _URC_END_OF_STACK;
    }
  return ++f->depth >= f->max_depth ? _URC_END_OF_STACK : _URC_NO_REASON;
}

int
rt_sched_find_step_frame (uintptr_t ra, int max_depth, uintptr_t *below_cfa, uint64_t regs[6])
{
  if (uw_backtrace == NULL)
    return 0;
  RtFrameFind f;
  memset (&f, 0, sizeof f);
  f.want = ra;
  f.max_depth = max_depth;
  /* the unwinder takes a mutex and may call other intercepted functions:
   * none of that is the program's */
  rt_guard_enter ();
  uw_backtrace (find_frame, &f);
  rt_guard_leave ();
  if (!f.found)
    return 0;
  *below_cfa = f.below_cfa;
  memcpy (regs, f.regs, sizeof f.regs);
  return 1;
}
