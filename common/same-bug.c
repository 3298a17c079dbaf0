/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * same-bug.c — findings that are one bug become one finding with variants
 * (see same-bug.h).
 */
#include "config.h"

#include "common/same-bug.h"

#include <string.h>

static gint
cmp_str_ptr (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The "file:line" (basename) of each of @f's accesses that is where the
 * bug is (not the harm a confirmed prediction adds), sorted and unique. */
static GPtrArray *
locations (AugurFinding *f)
{
  GPtrArray *locs = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < augur_finding_get_n_accesses (f); i++)
    {
      const AugurAccess *a = augur_finding_get_access (f, i);
      if (a->file == NULL || a->line == 0 || a->op == AUGUR_OP_ASSERT_FAIL
          || a->op == AUGUR_OP_FAULT || a->op == AUGUR_OP_END)
        continue;
      g_autofree char *base = g_path_get_basename (a->file);
      char *loc = g_strdup_printf ("%s:%u", base, a->line);
      if (g_ptr_array_find_with_equal_func (locs, loc, g_str_equal, NULL))
        g_free (loc);
      else
        g_ptr_array_add (locs, loc);
    }
  g_ptr_array_sort (locs, cmp_str_ptr);
  return locs;
}

static gboolean
has (GPtrArray *locs, const char *loc)
{
  return g_ptr_array_find_with_equal_func (locs, loc, g_str_equal, NULL);
}

static gboolean
share_one (GPtrArray *a, GPtrArray *b)
{
  for (guint i = 0; i < a->len; i++)
    if (has (b, g_ptr_array_index (a, i)))
      return TRUE;
  return FALSE;
}

static gboolean
subset (GPtrArray *a, GPtrArray *b)
{
  for (guint i = 0; i < a->len; i++)
    if (!has (b, g_ptr_array_index (a, i)))
      return FALSE;
  return TRUE;
}

typedef struct {
  AugurFinding *finding;
  char *kind;             /* "data-race", "misuse:uninitialised-cond" */
  GPtrArray *locs;
  GPtrArray *variants;    /* AugurFinding* (borrowed from the stolen list) */
} Bug;

static void
bug_clear (Bug *b)
{
  g_free (b->kind);
  g_ptr_array_unref (b->locs);
  g_ptr_array_unref (b->variants);
}

/* Is @f, with kind @kind and locations @locs, the same bug as @head? */
static gboolean
same_bug (const Bug *head, AugurFinding *f, const char *kind, GPtrArray *locs)
{
  if (strcmp (head->kind, kind) != 0 || locs->len == 0 || head->locs->len == 0)
    return FALSE;
  switch (augur_finding_get_kind (f))
    {
    case AUGUR_FINDING_DATA_RACE:
    case AUGUR_FINDING_MISUSE:
      {
        const char *o = augur_finding_get_object (f), *ho = augur_finding_get_object (head->finding);
        if (o == NULL || ho == NULL || strcmp (o, ho) != 0)
          return FALSE;
        const char *sub = augur_finding_get_subkind (f);
        if (g_strcmp0 (sub, "uninitialised-cond") == 0 || g_strcmp0 (sub, "uninitialised-mutex") == 0)
          return TRUE;
        return share_one (head->locs, locs);
      }
    case AUGUR_FINDING_DEADLOCK:
    case AUGUR_FINDING_HANG:
      return subset (locs, head->locs) || subset (head->locs, locs);
    default:
      return FALSE;
    }
}

/* "a.c:1", "a.c:1 and a.c:2", "a.c:1, a.c:2 and a.c:3" */
static void
append_list (GString *s, GPtrArray *items)
{
  for (guint i = 0; i < items->len; i++)
    {
      if (i > 0)
        g_string_append (s, i + 1 == items->len ? " and " : ", ");
      g_string_append (s, g_ptr_array_index (items, i));
    }
}

static void
explain_variants (Bug *b)
{
  g_autoptr (GPtrArray) other = g_ptr_array_new_with_free_func (g_free);
  for (guint v = 0; v < b->variants->len; v++)
    {
      g_autoptr (GPtrArray) locs = locations (g_ptr_array_index (b->variants, v));
      for (guint i = 0; i < locs->len; i++)
        {
          const char *l = g_ptr_array_index (locs, i);
          if (!has (b->locs, l) && !has (other, l))
            g_ptr_array_add (other, g_strdup (l));
        }
    }
  g_ptr_array_sort (other, cmp_str_ptr);
  GString *e = g_string_new (augur_finding_get_explanation (b->finding));
  guint n = b->variants->len;
  g_string_append_printf (e, " The same bug shows %u more time%s", n, n == 1 ? "" : "s");
  if (other->len > 0)
    {
      g_string_append (e, ", at ");
      append_list (e, other);
    }
  g_string_append_printf (e, " (listed in it as %s).", n == 1 ? "its variant" : "its variants");
  augur_finding_set_explanation (b->finding, e->str);
  g_string_free (e, TRUE);
}

guint
augur_same_bug_merge (AugurResults *results)
{
  g_return_val_if_fail (results != NULL, 0);
  g_autoptr (GPtrArray) all = augur_results_steal_findings (results);   /* sorted */
  GArray *bugs = g_array_new (FALSE, FALSE, sizeof (Bug));
  g_array_set_clear_func (bugs, (GDestroyNotify) bug_clear);
  guint merged = 0;
  for (guint i = 0; i < all->len; i++)
    {
      AugurFinding *f = g_ptr_array_index (all, i);
      g_autofree char *kind = augur_finding_dup_full_kind (f);
      GPtrArray *locs = locations (f);
      Bug *into = NULL;
      for (guint b = 0; b < bugs->len && into == NULL; b++)
        if (same_bug (&g_array_index (bugs, Bug, b), f, kind, locs))
          into = &g_array_index (bugs, Bug, b);
      if (into != NULL && augur_finding_get_n_parts (f) > 0)
        {
          /* a cause chain is kept whole: it heads the bug, unless the
           * head has one too */
          if (augur_finding_get_n_parts (into->finding) > 0)
            into = NULL;
          else
            {
              g_ptr_array_insert (into->variants, 0, into->finding);
              into->finding = f;
              g_ptr_array_unref (into->locs);
              into->locs = locs;
              merged++;
              continue;
            }
        }
      if (into != NULL)
        {
          g_ptr_array_add (into->variants, f);
          g_ptr_array_unref (locs);
          merged++;
          continue;
        }
      Bug nb = { f, g_steal_pointer (&kind), locs, g_ptr_array_new () };
      g_array_append_val (bugs, nb);
    }
  for (guint b = 0; b < bugs->len; b++)
    {
      Bug *bug = &g_array_index (bugs, Bug, b);
      if (bug->variants->len > 0)
        {
          for (guint v = 0; v < bug->variants->len; v++)
            augur_finding_add_part (bug->finding, g_ptr_array_index (bug->variants, v));
          explain_variants (bug);
        }
      augur_results_add_finding (results, bug->finding);
    }
  g_array_unref (bugs);
  return merged;
}
