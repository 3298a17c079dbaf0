/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * thread-states.c — a set of threads per state of an execution, replayed
 * from a log of changes; see thread-states.h.
 */
#include "config.h"

#include "explorer/thread-states.h"

#include <string.h>

struct _AugurThreadStates {
  guint T, n, W;     /* threads, the last state, 64-bit words per state */
  guint64 *bits;     /* (n + 1) * W */
};

AugurThreadStates *
augur_thread_states_new (guint n_threads, guint n_states)
{
  AugurThreadStates *s = g_new0 (AugurThreadStates, 1);
  s->T = n_threads;
  s->n = n_states;
  s->W = (n_threads + 63) / 64;
  s->bits = g_new0 (guint64, (gsize) (n_states + 1) * s->W);
  return s;
}

void
augur_thread_states_free (AugurThreadStates *s)
{
  if (s == NULL)
    return;
  g_free (s->bits);
  g_free (s);
}

void
augur_thread_states_replay (AugurThreadStates *s, const AugurSchedEnabled *log, guint n, guint upto)
{
  g_autofree guint64 *cur = g_new0 (guint64, s->W + 1);
  for (guint k = 0, i = 0; k <= s->n && k < upto; k++)
    {
      for (; i < n && log[i].step <= k; i++)
        {
          if (log[i].tid >= s->T)
            continue;
          guint64 bit = G_GUINT64_CONSTANT (1) << (log[i].tid % 64);
          if (log[i].on)
            cur[log[i].tid / 64] |= bit;
          else
            cur[log[i].tid / 64] &= ~bit;
        }
      memcpy (s->bits + (gsize) k * s->W, cur, s->W * sizeof *cur);
    }
}

gboolean
augur_thread_states_has (const AugurThreadStates *s, guint k, guint t)
{
  if (t >= s->T)
    return FALSE;
  return (s->bits[(gsize) MIN (k, s->n) * s->W + t / 64] >> (t % 64)) & 1;
}

void
augur_thread_states_add_to (const AugurThreadStates *s, guint k, AugurTidSet *out)
{
  for (guint t = 0; t < s->T; t++)
    if (augur_thread_states_has (s, k, t))
      augur_tidset_add (out, t);
}
