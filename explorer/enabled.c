/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * enabled.c — see enabled.h: the runtime's log, the threads' lives where
 * it has none (steps.h), and a thread's locks (classic DPOR). */
#include "config.h"

#include "explorer/enabled.h"

#include "explorer/steps.h"

struct _AugurEnabled {
  const AugurSchedStep *s;   /* borrowed */
  guint n;
  AugurThreadStates *may_run;
  GArray *lockset;           /* guint64: the answer of the last augur_enabled_lockset */
};

AugurEnabled *
augur_enabled_new (const AugurSchedStep *steps, guint n)
{
  AugurEnabled *e = g_new (AugurEnabled, 1);
  *e = (AugurEnabled) { steps, n, augur_steps_lives (steps, n),
                        g_array_new (FALSE, FALSE, sizeof (guint64)) };
  return e;
}

void
augur_enabled_free (AugurEnabled *e)
{
  if (e == NULL)
    return;
  augur_thread_states_free (e->may_run);
  g_array_unref (e->lockset);
  g_free (e);
}

void
augur_enabled_set_log (AugurEnabled *e, const AugurSchedEnabled *log, guint n, guint32 lost_at)
{
  augur_thread_states_replay (e->may_run, log, n, lost_at);
}

gboolean
augur_enabled_may_run (AugurEnabled *e, guint t, guint k)
{
  return augur_thread_states_has (e->may_run, k, t);
}

void
augur_enabled_add_mask (AugurEnabled *e, guint k, AugurTidSet *out)
{
  augur_thread_states_add_to (e->may_run, k, out);
}

const guint64 *
augur_enabled_lockset (AugurEnabled *e, guint t, guint k, guint *n)
{
  return augur_steps_exclusive_locks (e->s, MIN (k, e->n), t, e->lockset, n);
}
