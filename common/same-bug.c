/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * same-bug.c — findings that are one bug become one finding with variants
 * (see same-bug.h).
 */
#include "config.h"

#include "common/same-bug.h"
#include "common/source-label.h"

#include <string.h>

/* Variants kept as parts, each with its schedule: the first ones, in the
 * findings' order.  A bug can show at thousands of line pairs (300 racy
 * increments of one counter: 1,975 variants, whose schedules made a
 * 240 MB results file and a check 20% over its budget); the explanation
 * still names every variant's lines. */
#define SAME_BUG_MAX_PARTS 64u

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
      if (a->file == NULL || a->line == 0 || augur_op_is_failure (a->op)
          || a->op == AUGUR_OP_FAULT || a->op == AUGUR_OP_END)
        continue;
      g_autofree char *base = augur_source_label (a->file);
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
  gboolean gone;          /* merged into an earlier bug */
} Bug;

static void
bug_clear (Bug *b)
{
  g_free (b->kind);
  g_ptr_array_unref (b->locs);
  g_ptr_array_unref (b->variants);
}

/* A misuse of an object's lifetime: one end of its life (a free, a
 * destroy) met another end or a use.  "file function" of the function
 * that ended its life, newly allocated, or NULL for other findings and
 * for ends in two functions. */
static char *
lifetime_end (AugurFinding *f)
{
  static const char *const lifetime[] = { "double-free", "double-destroy", "use-after-free",
                                          "use-after-destroy", "destroy-held-mutex",
                                          "destroy-held-rwlock", "destroy-waited-cond",
                                          "destroy-waited-barrier", NULL };
  const char *sub = augur_finding_get_subkind (f);
  if (augur_finding_get_kind (f) != AUGUR_FINDING_MISUSE || sub == NULL
      || !g_strv_contains (lifetime, sub))
    return NULL;
  /* every free or destroy of it in one function (two teardowns, a
   * worker's and main's, are not one: each is a place to fix) */
  char *end = NULL;
  for (guint i = 0; i < augur_finding_get_n_accesses (f); i++)
    {
      const AugurAccess *a = augur_finding_get_access (f, i);
      if (a->op != AUGUR_OP_FREE && a->op != AUGUR_OP_DESTROY)
        continue;
      if (a->file == NULL || a->function == NULL)
        {
          g_free (end);
          return NULL;
        }
      g_autofree char *base = augur_source_label (a->file);
      g_autofree char *here = g_strdup_printf ("%s %s", base, a->function);
      if (end != NULL && strcmp (end, here) != 0)
        {
          g_free (end);
          return NULL;
        }
      if (end == NULL)
        end = g_steal_pointer (&here);
    }
  return end;
}

/* The functions of @all that two threads ran as teardowns: a double
 * free or destroy with both ends in one function, by two threads
 * ("file function" -> itself). */
static GHashTable *
teardowns_run_twice (GPtrArray *all)
{
  GHashTable *twice = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < all->len; i++)
    {
      AugurFinding *f = g_ptr_array_index (all, i);
      const char *sub = augur_finding_get_subkind (f);
      if (augur_finding_get_kind (f) != AUGUR_FINDING_MISUSE
          || (g_strcmp0 (sub, "double-free") != 0 && g_strcmp0 (sub, "double-destroy") != 0)
          || augur_finding_get_n_accesses (f) != 2
          || augur_finding_get_access (f, 0)->thread == augur_finding_get_access (f, 1)->thread)
        continue;
      char *end = lifetime_end (f);
      if (end != NULL)
        g_hash_table_add (twice, end);
    }
  return twice;
}

static gboolean
holds (const AugurAccess *a, const char *lock)
{
  return g_strv_contains ((const char *const *) a->locks_held, lock);
}

/* A data race whose two sides are in functions of known names and where
 * one side holds a lock the other does not: the two accesses, the side
 * that holds it first.  FALSE for any other finding. */
static gboolean
race_sides (AugurFinding *f, const AugurAccess **with, const AugurAccess **without,
            const char **lock)
{
  if (augur_finding_get_kind (f) != AUGUR_FINDING_DATA_RACE || augur_finding_get_n_accesses (f) < 2)
    return FALSE;
  const AugurAccess *a = augur_finding_get_access (f, 0), *b = augur_finding_get_access (f, 1);
  if (a->function == NULL || b->function == NULL)
    return FALSE;
  for (guint side = 0; side < 2; side++)
    {
      const AugurAccess *x = side == 0 ? a : b, *y = side == 0 ? b : a;
      for (char **l = x->locks_held; *l != NULL; l++)
        if (!holds (y, *l))
          {
            *with = x;
            *without = y;
            *lock = *l;
            return TRUE;
          }
    }
  return FALSE;
}

/* The two sides of data race @f as *x in function @fx and *y in @fy (in
 * either order); FALSE if it has no such two. */
static gboolean
sides_in (AugurFinding *f, const char *fx, const char *fy, const AugurAccess **x,
          const AugurAccess **y)
{
  if (augur_finding_get_kind (f) != AUGUR_FINDING_DATA_RACE || augur_finding_get_n_accesses (f) < 2)
    return FALSE;
  const AugurAccess *a = augur_finding_get_access (f, 0), *b = augur_finding_get_access (f, 1);
  if (a->function == NULL || b->function == NULL)
    return FALSE;
  *x = strcmp (a->function, fx) == 0 && strcmp (b->function, fy) == 0 ? a : b;
  *y = *x == a ? b : a;
  return strcmp ((*x)->function, fx) == 0 && strcmp ((*y)->function, fy) == 0;
}

/* A lock @x holds and @y does not, in both races: (hx, hy) and (x, y). */
static gboolean
lock_on_one_side (const AugurAccess *hx, const AugurAccess *hy, const AugurAccess *x,
                  const AugurAccess *y)
{
  for (char **l = hx->locks_held; *l != NULL; l++)
    if (!holds (hy, *l) && holds (x, *l) && !holds (y, *l))
      return TRUE;
  return FALSE;
}

/* Two data races between the same two functions where the same lock is
 * held on the same function's side and not on the other's: one missing
 * lock (or one lock too many: the two sides share none), which a person
 * fixes once, whatever the variables (zlog's reload against its logging
 * function showed 42 races, one per field). */
static gboolean
same_missing_lock (AugurFinding *head, AugurFinding *f)
{
  const AugurAccess *hw, *hwo, *x, *y;
  const char *hl;
  if (!race_sides (head, &hw, &hwo, &hl) || !sides_in (f, hw->function, hwo->function, &x, &y))
    return FALSE;
  return lock_on_one_side (hw, hwo, x, y) || lock_on_one_side (hwo, hw, y, x);
}

/* Is @f, with kind @kind and locations @locs, the same bug as @head?
 * (@twice: teardowns_run_twice) */
static gboolean
same_bug (const Bug *head, AugurFinding *f, const char *kind, GPtrArray *locs, GHashTable *twice)
{
  /* a teardown that two threads ran (one handle freed by both): each
   * object it frees or destroys shows a double free, a use after free, a
   * destroy of a held lock...; they are one bug, the function that ended
   * their lives.  (Uses after one teardown stay apart: each is a place
   * that must not use what was ended.) */
  g_autofree char *end = g_hash_table_size (twice) > 0 ? lifetime_end (f) : NULL;
  g_autofree char *head_end = end != NULL ? lifetime_end (head->finding) : NULL;
  if (end != NULL && head_end != NULL && strcmp (end, head_end) == 0
      && g_hash_table_contains (twice, end))
    return TRUE;
  if (strcmp (head->kind, kind) != 0 || locs->len == 0 || head->locs->len == 0)
    return FALSE;
  switch (augur_finding_get_kind (f))
    {
    case AUGUR_FINDING_DATA_RACE:
    case AUGUR_FINDING_MISUSE:
      {
        const char *o = augur_finding_get_object (f), *ho = augur_finding_get_object (head->finding);
        if (same_missing_lock (head->finding, f))
          return TRUE;
        if (o == NULL || ho == NULL || strcmp (o, ho) != 0)
          return FALSE;
        const char *sub = augur_finding_get_subkind (f);
        if (g_strcmp0 (sub, "uninitialised-cond") == 0 || g_strcmp0 (sub, "uninitialised-mutex") == 0
            || g_strcmp0 (sub, "uninitialised-barrier") == 0)
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
  g_autoptr (GPtrArray) own = locations (b->finding);
  g_autoptr (GPtrArray) other = g_ptr_array_new_with_free_func (g_free);
  for (guint v = 0; v < b->variants->len; v++)
    {
      g_autoptr (GPtrArray) locs = locations (g_ptr_array_index (b->variants, v));
      for (guint i = 0; i < locs->len; i++)
        {
          const char *l = g_ptr_array_index (locs, i);
          if (!has (own, l) && !has (other, l))
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
  if (n > SAME_BUG_MAX_PARTS)
    g_string_append_printf (e, " (the first %u listed in it as its variants).", SAME_BUG_MAX_PARTS);
  else
    g_string_append_printf (e, " (listed in it as %s).", n == 1 ? "its variant" : "its variants");
  /* joined by the function that ended the objects' lives (same_bug) */
  g_autofree char *end = lifetime_end (b->finding);
  gboolean mixed = FALSE;
  for (guint v = 0; v < b->variants->len && end != NULL && !mixed; v++)
    mixed = g_strcmp0 (augur_finding_get_subkind (g_ptr_array_index (b->variants, v)),
                       augur_finding_get_subkind (b->finding)) != 0;
  if (mixed)
    {
      g_auto (GStrv) file_function = g_strsplit (end, " ", 2);
      g_string_append_printf (e, " Each of them ends an object's life in %s() (%s): a teardown "
                              "that runs twice, or while another thread still uses what it frees "
                              "or destroys.", file_function[1], file_function[0]);
    }
  /* joined by one missing lock (same_missing_lock): how many of them */
  guint by_lock = 0;
  gboolean lock = FALSE;
  for (guint v = 0; v < b->variants->len; v++)
    if (same_missing_lock (b->finding, g_ptr_array_index (b->variants, v)))
      {
        by_lock++;
        lock = lock || g_strcmp0 (augur_finding_get_object (g_ptr_array_index (b->variants, v)),
                                  augur_finding_get_object (b->finding)) != 0;
      }
  g_autofree char *which = by_lock == n ? g_strdup ("Each of them is")
                                        : g_strdup_printf ("%u of them are", by_lock);
  const AugurAccess *with, *without;
  const char *held;
  const char *instead = NULL;
  if (lock && race_sides (b->finding, &with, &without, &held))
    for (char **l = without->locks_held; *l != NULL && instead == NULL; l++)
      if (!holds (with, *l))
        instead = *l;
  if (lock && instead != NULL)
    g_string_append_printf (e, " %s between %s(), which holds `%s`, and %s(), which holds `%s` "
                            "instead: they share no lock.", which, with->function, held,
                            without->function, instead);
  else if (lock)
    g_string_append_printf (e, " %s between %s(), which holds `%s`, and %s(), which does not: "
                            "one missing lock.", which, with->function, held, without->function);
  augur_finding_set_explanation (b->finding, e->str);
  g_string_free (e, TRUE);
}

/* Are bugs @a and @b one?  Two cause chains stay apart. */
static gboolean
can_merge (const Bug *a, const Bug *b, GHashTable *twice)
{
  if (a->gone || b->gone
      || (augur_finding_get_n_parts (a->finding) > 0 && augur_finding_get_n_parts (b->finding) > 0))
    return FALSE;
  return same_bug (a, b->finding, b->kind, b->locs, twice);
}

/* @b joins @a: a cause chain heads the bug, else @a's finding does.  A
 * race's or a misuse's lines are all of its findings' (any one shared
 * line joins); a deadlock keeps its head's stuck locations. */
static void
merge (Bug *a, Bug *b)
{
  gboolean lines = augur_finding_get_kind (a->finding) == AUGUR_FINDING_DATA_RACE
                   || augur_finding_get_kind (a->finding) == AUGUR_FINDING_MISUSE;
  if (augur_finding_get_n_parts (b->finding) > 0)
    {
      g_ptr_array_insert (a->variants, 0, a->finding);
      a->finding = b->finding;
      if (!lines)
        {
          g_ptr_array_unref (a->locs);
          a->locs = g_ptr_array_ref (b->locs);
        }
    }
  else
    g_ptr_array_add (a->variants, b->finding);
  g_ptr_array_extend (a->variants, b->variants, NULL, NULL);
  if (lines)
    {
      for (guint i = 0; i < b->locs->len; i++)
        if (!has (a->locs, g_ptr_array_index (b->locs, i)))
          g_ptr_array_add (a->locs, g_strdup (g_ptr_array_index (b->locs, i)));
      g_ptr_array_sort (a->locs, cmp_str_ptr);
    }
  b->gone = TRUE;
}

/* Variants in the results' order. */
static gint
by_order (gconstpointer x, gconstpointer y, gpointer order)
{
  guint a = GPOINTER_TO_UINT (g_hash_table_lookup (order, *(gpointer const *) x));
  guint b = GPOINTER_TO_UINT (g_hash_table_lookup (order, *(gpointer const *) y));
  return a < b ? -1 : a > b;
}

/* The bugs of findings @all (borrowed, in the results' order): each
 * joins the first earlier one it is the same bug as, until none does
 * ("the same bug as" is taken transitively: races at lines 6-7 and 7-8
 * of one variable are one bug with lines 6-8 with 8).  Sets *merged to
 * how many joined another. */
static GArray *
group (GPtrArray *all, guint *merged)
{
  GArray *bugs = g_array_new (FALSE, FALSE, sizeof (Bug));
  g_array_set_clear_func (bugs, (GDestroyNotify) bug_clear);
  for (guint i = 0; i < all->len; i++)
    {
      AugurFinding *f = g_ptr_array_index (all, i);
      Bug nb = { f, augur_finding_dup_full_kind (f), locations (f), g_ptr_array_new (), FALSE };
      g_array_append_val (bugs, nb);
    }
  g_autoptr (GHashTable) twice = teardowns_run_twice (all);
  *merged = 0;
  gboolean changed = TRUE;
  while (changed)
    {
      changed = FALSE;
      for (guint j = 1; j < bugs->len; j++)
        for (guint i = 0; i < j; i++)
          if (can_merge (&g_array_index (bugs, Bug, i), &g_array_index (bugs, Bug, j), twice))
            {
              merge (&g_array_index (bugs, Bug, i), &g_array_index (bugs, Bug, j));
              (*merged)++;
              changed = TRUE;
              break;
            }
    }
  return bugs;
}

guint
augur_same_bug_count (AugurResults *results)
{
  g_return_val_if_fail (results != NULL, 0);
  guint n = augur_results_get_n_findings (results), merged;
  if (n > AUGUR_SAME_BUG_COUNT_MAX)
    return G_MAXUINT;
  g_autoptr (GPtrArray) all = g_ptr_array_sized_new (n);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (all, augur_results_get_finding (results, i));
  GArray *bugs = group (all, &merged);
  g_array_unref (bugs);
  return n - merged;
}

/* A finding whose schedule needed a spurious wake-up does not head a bug
 * one of whose variants needs none: the bug happens without it (a
 * deadlock in every run headed by a caveat reads as a rare one).  Not for
 * a cause chain, which heads its bug for its parts. */
static void
head_without_spurious (Bug *bug)
{
  if (augur_finding_get_n_parts (bug->finding) > 0 || !augur_finding_needs_spurious (bug->finding))
    return;
  for (guint v = 0; v < bug->variants->len; v++)
    {
      AugurFinding *f = g_ptr_array_index (bug->variants, v);
      if (augur_finding_get_kind (f) == augur_finding_get_kind (bug->finding)
          && !augur_finding_needs_spurious (f))
        {
          bug->variants->pdata[v] = bug->finding;
          bug->finding = f;
          return;
        }
    }
}

guint
augur_same_bug_merge (AugurResults *results)
{
  g_return_val_if_fail (results != NULL, 0);
  g_autoptr (GPtrArray) all = augur_results_steal_findings (results);   /* sorted */
  g_autoptr (GHashTable) order = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < all->len; i++)
    g_hash_table_insert (order, g_ptr_array_index (all, i), GUINT_TO_POINTER (i + 1));
  guint merged;
  GArray *bugs = group (all, &merged);
  for (guint b = 0; b < bugs->len; b++)
    {
      Bug *bug = &g_array_index (bugs, Bug, b);
      if (bug->gone)
        continue;
      if (bug->variants->len > 0)
        {
          head_without_spurious (bug);
          g_ptr_array_sort_with_data (bug->variants, by_order, order);
          for (guint v = 0; v < MIN (bug->variants->len, SAME_BUG_MAX_PARTS); v++)
            augur_finding_add_part (bug->finding, g_ptr_array_index (bug->variants, v));
          explain_variants (bug);
        }
      augur_results_add_finding (results, bug->finding);
    }
  g_array_unref (bugs);
  return merged;
}
