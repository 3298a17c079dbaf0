/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * check-merge.c — one finding per bug across stages (see check-merge.h).
 */
#include "config.h"

#include "check/check-merge.h"

#include <string.h>

static int
cmp_str (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static void
add_loc (GPtrArray *locs, const char *file, guint line)
{
  if (file == NULL || line == 0)
    return;
  g_autofree char *base = g_path_get_basename (file);
  g_ptr_array_add (locs, g_strdup_printf ("%s:%u", base, line));
}

char *
augur_check_finding_key (AugurFinding *f)
{
  g_autoptr (GPtrArray) locs = g_ptr_array_new_with_free_func (g_free);
  guint n = augur_finding_get_n_accesses (f);
  /* the harm a confirmed prediction adds (the failed assertion, the fault,
   * the end) is not the bug's location: the explorer's report of the same
   * race has no such access */
  for (guint i = 0; i < n; i++)
    {
      const AugurAccess *a = augur_finding_get_access (f, i);
      if (a->op != AUGUR_OP_ASSERT_FAIL && a->op != AUGUR_OP_FAULT && a->op != AUGUR_OP_END)
        add_loc (locs, a->file, a->line);
    }
  for (guint i = 0; i < n && locs->len == 0; i++)
    {
      const AugurAccess *a = augur_finding_get_access (f, i);
      add_loc (locs, a->file, a->line);
    }
  if (locs->len == 0)
    {
      guint nb = 0;
      const guint *bug = augur_finding_get_bug_steps (f, &nb);
      for (guint i = 0; i < nb; i++)
        {
          const AugurStep *s = augur_finding_get_step (f, bug[i]);
          add_loc (locs, s->file, s->line);
        }
    }
  g_ptr_array_sort (locs, cmp_str);
  g_autofree char *kind = augur_finding_dup_full_kind (f);
  GString *key = g_string_new (kind);
  const char *prev = NULL;
  for (guint i = 0; i < locs->len; i++)
    {
      const char *l = g_ptr_array_index (locs, i);
      if (prev != NULL && strcmp (prev, l) == 0)
        continue;
      g_string_append_printf (key, " %s", l);
      prev = l;
    }
  return g_string_free (key, FALSE);
}

guint
augur_check_merge_findings (AugurResults *into, AugurResults *from)
{
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n = augur_results_get_n_findings (into);
  for (guint i = 0; i < n; i++)
    g_hash_table_add (seen, augur_check_finding_key (augur_results_get_finding (into, i)));
  guint added = 0;
  guint m = augur_results_get_n_findings (from);
  for (guint i = 0; i < m; i++)
    {
      AugurFinding *f = augur_results_get_finding (from, i);
      char *key = augur_check_finding_key (f);
      if (g_hash_table_contains (seen, key))
        {
          g_free (key);
          continue;
        }
      g_hash_table_add (seen, key);
      augur_results_add_finding (into, f);
      added++;
    }
  return added;
}
