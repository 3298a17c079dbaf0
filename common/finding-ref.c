/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * finding-ref.c — RESULTS#N and a finding's schedule, checked (see
 * finding-ref.h).
 */
#include "config.h"

#include "common/finding-ref.h"

#include <string.h>

gboolean
augur_finding_ref_parse (const char *ref, char **path, guint *number, GError **error)
{
  const char *hash = strrchr (ref, '#');
  guint64 v = 1;
  if (hash != NULL)
    {
      /* g_ascii_string_to_unsigned: digits only (no sign, no space, no
       * 0x), and a range check instead of a silent wrap */
      g_autoptr (GError) local = NULL;
      if (!g_ascii_string_to_unsigned (hash + 1, 10, 1, G_MAXUINT, &v, &local))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       "FINDING in RESULTS#FINDING must be a number from 1 to %u, not '%s'",
                       G_MAXUINT, hash + 1);
          return FALSE;
        }
    }
  *path = hash != NULL ? g_strndup (ref, (gsize) (hash - ref)) : g_strdup (ref);
  *number = (guint) v;
  return TRUE;
}

guint *
augur_finding_ref_schedule (AugurFinding *f, guint max_threads, guint max_steps, guint *n_steps,
                            GError **error)
{
  guint n = augur_finding_get_n_steps (f);
  if (n > max_steps)
    {
      g_set_error (error, AUGUR_RESULTS_ERROR, AUGUR_RESULTS_ERROR_INVALID,
                   "its schedule has %u steps, more than the %u augur's scheduler replays", n,
                   max_steps);
      return NULL;
    }
  g_autofree guint *threads = g_new0 (guint, n + 1);
  for (guint k = 0; k < n; k++)
    {
      threads[k] = augur_finding_get_step (f, k)->thread;
      if (threads[k] >= max_threads)
        {
          g_set_error (error, AUGUR_RESULTS_ERROR, AUGUR_RESULTS_ERROR_INVALID,
                       "schedule step %u: thread %u is out of range (augur's scheduler runs "
                       "threads 0 to %u)", k, threads[k], max_threads - 1);
          return NULL;
        }
    }
  *n_steps = n;
  return g_steal_pointer (&threads);
}
