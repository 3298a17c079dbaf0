/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * deadline-latch.h — a deadline that, once passed, stays passed: work
 * that asks it at each step (naming findings after the search, common/
 * dwarf-names.c and explorer/exec-names.c) stops at the first step past
 * it and can say afterwards that it was cut.
 */
#pragma once

#include <glib.h>

typedef struct {
  gint64 stop;      /* µs of g_get_monotonic_time (0: no deadline) */
  gboolean cut;     /* it passed */
} AugurDeadlineLatch;

/* Has the deadline passed (now, or at an earlier call)? */
static inline gboolean
augur_deadline_latch_passed (AugurDeadlineLatch *d)
{
  if (!d->cut && d->stop != 0 && g_get_monotonic_time () >= d->stop)
    d->cut = TRUE;
  return d->cut;
}
