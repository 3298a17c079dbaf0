/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mazurkiewicz.c — lexicographic normal form of an execution's trace; see
 * mazurkiewicz.h.
 */
#include "config.h"

#include "explorer/mazurkiewicz.h"

/* Earlier step @a must stay before step @b. */
static gboolean
ordered (const AugurSchedStep *steps, guint a, guint b)
{
  const AugurSchedStep *x = &steps[a], *y = &steps[b];
  if (x->tid == y->tid)
    return TRUE;
  if (x->op == AUGUR_SOP_CREATE && x->arg == y->tid)
    return TRUE;
  if (y->op == AUGUR_SOP_JOIN && y->arg == x->tid && x->op == AUGUR_SOP_EXIT)
    return TRUE;
  guint32 w = augur_sched_step_waker (y);
  if (w > 0 && w - 1 == a)
    return TRUE;
  return augur_sched_dependent (x, y);
}

char *
augur_mazurkiewicz_normal_form (const AugurSchedStep *steps, guint n)
{
  g_autofree guint *waiting = g_new0 (guint, n + 1);   /* unrun predecessors */
  g_autofree gboolean *run = g_new0 (gboolean, n + 1);
  g_autoptr (GPtrArray) succ = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  for (guint b = 0; b < n; b++)
    g_ptr_array_add (succ, g_array_new (FALSE, FALSE, sizeof (guint)));
  for (guint b = 0; b < n; b++)
    for (guint a = 0; a < b; a++)
      if (ordered (steps, a, b))
        {
          g_array_append_val ((GArray *) g_ptr_array_index (succ, a), b);
          waiting[b]++;
        }
  GString *s = g_string_new (NULL);
  for (guint emitted = 0; emitted < n; emitted++)
    {
      /* each thread's earliest unrun step is its only candidate */
      guint best = G_MAXUINT;
      guint64 seen = 0;
      for (guint k = 0; k < n; k++)
        {
          if (run[k] || (seen & ((guint64) 1 << (steps[k].tid % 64))))
            continue;
          seen |= (guint64) 1 << (steps[k].tid % 64);
          if (waiting[k] == 0 && (best == G_MAXUINT || steps[k].tid < steps[best].tid))
            best = k;
        }
      g_assert (best != G_MAXUINT);   /* the execution itself is a witness */
      run[best] = TRUE;
      GArray *out = g_ptr_array_index (succ, best);
      for (guint x = 0; x < out->len; x++)
        waiting[g_array_index (out, guint, x)]--;
      g_string_append_printf (s, "%s%u", emitted > 0 ? "." : "", steps[best].tid);
    }
  return g_string_free (s, FALSE);
}
