/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-once.c — pthread_once (and C11 call_once, through rt_once).
 *
 * ONCE says, per call, whether this call ran the routine (arg = 1) or found
 * it done or waited for it (arg = 0).  The real once function is given a
 * trampoline instead of the user's routine; the trampoline runs the routine
 * and writes ONCE(arg = 1) *before* returning to glibc, i.e. before glibc
 * marks the control done and wakes the other callers, whose ONCE(arg = 0)
 * is written after their real call returns.  So the runner's record always
 * precedes the others', as the synchronisation requires.  The routine to
 * run travels in thread-local state (the routine runs in the calling
 * thread); nested once calls save and restore it.
 */
#include "config.h"

#include "runtime/rt-internal.h"
#include "runtime/rt-sched.h"

#include <pthread.h>

static void
trampoline (void)
{
  void (*routine) (void) = rt_self.once_routine;
  const void *control = rt_self.once_control;
  uintptr_t ra = rt_self.once_ra;
  uint32_t flags = rt_self.once_flags;
  rt_sched_once_begin (control);
  routine ();
  rt_sched_once_end (control);
  if (rt_is_active () && rt_self.off_sync == 0)
    rt_event (AUGUR_EV_ONCE, (uint8_t) flags, ra, 0, (uint64_t) (uintptr_t) control, 1);
  rt_self.once_ran = 1;
}

int
rt_once (void *control, void (*routine) (void), uint8_t flags, uintptr_t ra, RtOnceCall call)
{
  RtSync op;
  if (!rt_sync_begin (&op, AUGUR_EV_ONCE, flags, control, ra))
    return call (control, routine);

  void (*saved_routine) (void) = rt_self.once_routine;
  const void *saved_control = rt_self.once_control;
  uintptr_t saved_ra = rt_self.once_ra;
  uint32_t saved_flags = rt_self.once_flags;
  uint32_t saved_ran = rt_self.once_ran;
  rt_self.once_routine = routine;
  rt_self.once_control = control;
  rt_self.once_ra = ra;
  rt_self.once_flags = flags;
  rt_self.once_ran = 0;

  rt_sync_before (&op);
  int r = call (control, trampoline);
  if (rt_self.once_ran)
    op.on = false;     /* written by the trampoline already */
  op.rec.arg = 0;
  rt_sync_after (&op, r);

  rt_self.once_routine = saved_routine;
  rt_self.once_control = saved_control;
  rt_self.once_ra = saved_ra;
  rt_self.once_flags = saved_flags;
  rt_self.once_ran = saved_ran;
  return r;
}

RT_DEFINE_REAL (pthread_once, NULL)

static int
call_pthread_once (void *control, void (*routine) (void))
{
  return get_real_pthread_once () (control, routine);
}

RT_EXPORT int
pthread_once (pthread_once_t *control, void (*routine) (void))
{
  return rt_once (control, routine, 0, RT_RA (), call_pthread_once);
}
