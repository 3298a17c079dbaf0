/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * check-merge.c — one finding per bug across stages, and the bugs made
 * of several findings (see check-merge.h).
 */
#include "config.h"

#include "check/check-merge.h"
#include "explorer/confirm.h"
#include "explorer/steps.h"
#include "common/objects.h"
#include "common/source-label.h"

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
  g_autofree char *base = augur_source_label (file);
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
      if (!augur_op_is_failure (a->op) && a->op != AUGUR_OP_FAULT && a->op != AUGUR_OP_END)
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
  /* as the explorer keys races: one pair of lines racing on two globals
   * (a request and a reply queue) is two races */
  g_autofree char *global = augur_finding_get_kind (f) == AUGUR_FINDING_DATA_RACE
    ? augur_objects_global_symbol (augur_finding_get_object_id (f)) : NULL;
  if (global != NULL)
    g_ptr_array_add (locs, g_strdup_printf ("@%s", global));
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
  return augur_check_merge_findings_full (into, from, NULL);
}

guint
augur_check_merge_findings_full (AugurResults *into, AugurResults *from, guint *bettered)
{
  if (bettered != NULL)
    *bettered = 0;
  /* key -> the finding of @into with it, when a witness without a
   * spurious wake-up may take its place; else NULL */
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n = augur_results_get_n_findings (into);
  for (guint i = 0; i < n; i++)
    {
      AugurFinding *f = augur_results_get_finding (into, i);
      gboolean better = augur_finding_get_n_parts (f) == 0 && augur_finding_needs_spurious (f);
      g_hash_table_insert (seen, augur_check_finding_key (f), better ? f : NULL);
      for (guint k = 0; k < augur_finding_get_n_parts (f); k++)
        g_hash_table_insert (seen, augur_check_finding_key (augur_finding_get_part (f, k)), NULL);
    }
  guint added = 0;
  guint m = augur_results_get_n_findings (from);
  for (guint i = 0; i < m; i++)
    {
      AugurFinding *f = augur_results_get_finding (from, i);
      char *key = augur_check_finding_key (f);
      gpointer kept = NULL;
      if (g_hash_table_lookup_extended (seen, key, NULL, &kept))
        {
          /* the same bug shown without a spurious wake-up (a later
           * strategy's, which allows none): that witness is the one to
           * show, as the explorer keeps it (explore-findings.c) */
          if (kept != NULL && !augur_finding_needs_spurious (f)
              && augur_finding_get_kind (f) == augur_finding_get_kind (kept))
            {
              augur_results_replace_finding (into, kept, f);
              g_hash_table_insert (seen, g_strdup (key), NULL);
              if (bettered != NULL)
                (*bettered)++;
            }
          g_free (key);
          continue;
        }
      g_hash_table_insert (seen, key, NULL);
      augur_results_add_finding (into, f);
      added++;
    }
  return added;
}

/* ---- bugs made of several findings ---- */

static char *
loc_of (const char *file, guint line)
{
  g_autofree char *base = augur_source_label (file);
  return g_strdup_printf ("%s:%u", base, line);
}

static gboolean
is_failure (AugurFindingKind k)
{
  return k == AUGUR_FINDING_ASSERTION || k == AUGUR_FINDING_ABORT || k == AUGUR_FINDING_CRASH
         || k == AUGUR_FINDING_DEADLOCK;
}

static gboolean
is_cause (AugurFindingKind k)
{
  return k == AUGUR_FINDING_ATOMICITY_VIOLATION || k == AUGUR_FINDING_DATA_RACE
         || k == AUGUR_FINDING_ORDER_VIOLATION;
}

/* The lines of @f's memory accesses (a cause's violation), or of its
 * other accesses (a failure, or the harm a cause's confirmation added). */
static GHashTable *
lines_of (AugurFinding *f, gboolean memory)
{
  GHashTable *set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < augur_finding_get_n_accesses (f); i++)
    {
      const AugurAccess *a = augur_finding_get_access (f, i);
      if (a->file != NULL && augur_op_is_memory_access (a->op) == memory)
        g_hash_table_add (set, loc_of (a->file, a->line));
    }
  return set;
}

static gboolean
subset (GHashTable *a, GHashTable *b)
{
  if (g_hash_table_size (a) == 0)
    return FALSE;
  GHashTableIter it;
  gpointer key;
  g_hash_table_iter_init (&it, a);
  while (g_hash_table_iter_next (&it, &key, NULL))
    if (!g_hash_table_contains (b, key))
      return FALSE;
  return TRUE;
}

/* The lines of an inversion's acquisitions and their callers: a deadlock
 * names a request in a thin wrapper at its caller (wrapper-site.h). */
static GHashTable *
acquisition_lines_of (AugurFinding *inv)
{
  GHashTable *set = lines_of (inv, FALSE);
  for (guint i = 0; i < augur_finding_get_n_accesses (inv); i++)
    {
      const AugurAccess *a = augur_finding_get_access (inv, i);
      for (guint j = 0; j < a->n_callers && !augur_op_is_memory_access (a->op); j++)
        if (a->callers[j].file != NULL)
          g_hash_table_add (set, loc_of (a->callers[j].file, a->callers[j].line));
    }
  return set;
}

/* The lines of a deadlock's blocked lock requests. */
static GHashTable *
requests_of (AugurFinding *d)
{
  GHashTable *set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint j = 0; j < augur_finding_get_n_accesses (d); j++)
    {
      const AugurAccess *a = augur_finding_get_access (d, j);
      if (a->op == AUGUR_OP_LOCK_REQUEST && a->file != NULL)
        g_hash_table_add (set, loc_of (a->file, a->line));
    }
  return set;
}

/* The same harm: one op, or a failed assertion and an abort (a
 * confirmation's re-run tells abort() from assert() no more than a
 * recorded trace does). */
static gboolean
same_harm_op (AugurOp a, AugurOp b)
{
  return a == b || (augur_op_is_failure (a) && augur_op_is_failure (b));
}

/* Has @f an access with @h's op at @h's line (and file)? */
static gboolean
has_harm_access (AugurFinding *f, const AugurAccess *h)
{
  for (guint k = 0; k < augur_finding_get_n_accesses (f); k++)
    {
      const AugurAccess *a = augur_finding_get_access (f, k);
      if (!augur_op_is_memory_access (h->op) && same_harm_op (h->op, a->op) && h->line == a->line
          && h->file != NULL && a->file != NULL)
        {
          g_autofree char *la = loc_of (a->file, a->line), *lh = loc_of (h->file, h->line);
          if (strcmp (la, lh) == 0)
            return TRUE;
        }
    }
  return FALSE;
}

/* The failure @cause's confirmation or diagnosis says followed it: a
 * failure among @all whose own accesses (the failed assertion, the fault,
 * the blocked operations) are @cause's harm accesses, same op and line,
 * all of them: a deadlock in which main waits elsewhere is another one
 * (klib's pool: the cause's schedule, taken for the bug, replayed the
 * other deadlock and `augur replay` said "not reproduced").
 * Not a deadlock for a data race: a deadlock's execution holds whatever
 * races came before the threads blocked, and nothing has shown that the
 * race is why they block (a lost signal or a spurious wake-up may be; no
 * diagnosis runs on deadlocks), so "deadlocks because of a data race"
 * would be a guess. */
static gint
tied_failure (AugurFinding *cause, GPtrArray *all, const gboolean *dropped)
{
  g_autoptr (GHashTable) harm = lines_of (cause, FALSE);
  if (g_hash_table_size (harm) == 0)
    return -1;
  gboolean race = augur_finding_get_kind (cause) == AUGUR_FINDING_DATA_RACE;
  for (guint i = 0; i < all->len; i++)
    {
      AugurFinding *f = g_ptr_array_index (all, i);
      if (dropped[i] || !is_failure (augur_finding_get_kind (f))
          || augur_finding_get_n_accesses (f) == 0
          || (race && augur_finding_get_kind (f) == AUGUR_FINDING_DEADLOCK))
        continue;
      gboolean all_match = TRUE;
      for (guint k = 0; k < augur_finding_get_n_accesses (f) && all_match; k++)
        all_match = has_harm_access (cause, augur_finding_get_access (f, k));
      for (guint j = 0; j < augur_finding_get_n_accesses (cause) && all_match; j++)
        {
          const AugurAccess *h = augur_finding_get_access (cause, j);
          all_match = augur_op_is_memory_access (h->op) || h->file == NULL || has_harm_access (f, h);
        }
      if (all_match)
        return (gint) i;
    }
  return -1;
}

/* Every memory access of @race is a step of @f's schedule (same thread,
 * operation and line). */
static gboolean
accesses_in_schedule (AugurFinding *race, AugurFinding *f)
{
  if (augur_finding_get_n_steps (f) == 0)
    return TRUE;   /* nothing to check against */
  for (guint i = 0; i < augur_finding_get_n_accesses (race); i++)
    {
      const AugurAccess *a = augur_finding_get_access (race, i);
      gboolean found = FALSE;
      for (guint k = 0; k < augur_finding_get_n_steps (f) && !found; k++)
        {
          const AugurStep *s = augur_finding_get_step (f, k);
          found = s->thread == a->thread && s->op == a->op && s->line == a->line;
        }
      if (!found)
        return FALSE;
    }
  return TRUE;
}

/* @race has an access, in the thread that failed, at the line where @f
 * failed (the assertion's condition or the faulting statement reads or
 * writes the raced object): the most direct cause a failure can have. */
static gboolean
race_at_failure (AugurFinding *race, AugurFinding *f)
{
  for (guint i = 0; i < augur_finding_get_n_accesses (f); i++)
    {
      const AugurAccess *a = augur_finding_get_access (f, i);
      if ((!augur_op_is_failure (a->op) && a->op != AUGUR_OP_FAULT) || a->file == NULL)
        continue;
      g_autofree char *la = loc_of (a->file, a->line);
      for (guint j = 0; j < augur_finding_get_n_accesses (race); j++)
        {
          const AugurAccess *r = augur_finding_get_access (race, j);
          if (r->file == NULL || r->thread != a->thread || r->line != a->line
              || !augur_op_is_memory_access (r->op))
            continue;
          g_autofree char *lr = loc_of (r->file, r->line);
          if (strcmp (la, lr) == 0)
            return TRUE;
        }
    }
  return FALSE;
}

/* "R-W-W" ... of an atomicity violation: its prediction's pattern, or the
 * one its diagnosis names in the explanation; NULL if none. */
static const char *
pattern_of (AugurFinding *f)
{
  static const char *const names[] = { "R-W-R", "W-W-R", "R-W-W", "W-R-W", "W-W-W" };
  const char *p = augur_finding_get_prediction_pattern (f);
  if (p != NULL)
    return p;
  const char *e = augur_finding_get_explanation (f);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    for (const char *at = strstr (e, names[i]); at != NULL; at = strstr (at + 1, names[i]))
      if ((at == e || at[-1] != '-') && at[5] != '-')
        return names[i];
  return NULL;
}

static void
append_object (GString *s, AugurFinding *f)
{
  const char *o = augur_finding_get_object (f);
  if (o != NULL)
    g_string_append_printf (s, "`%s`", o);
  else
    g_string_append (s, "shared memory");
}

static void append_failure_lines (GString *s, AugurFinding *f);

/* "a.c:9" before "a.c:10": by file, then by line number */
static int
cmp_loc (gconstpointer pa, gconstpointer pb)
{
  const char *a = *(char *const *) pa, *b = *(char *const *) pb;
  const char *ca = strrchr (a, ':'), *cb = strrchr (b, ':');
  if (ca == NULL || cb == NULL)
    return strcmp (a, b);
  int c = strncmp (a, b, MIN (ca - a, cb - b));
  if (c != 0 || ca - a != cb - b)
    return c != 0 ? c : (ca - a < cb - b ? -1 : 1);
  guint64 la = g_ascii_strtoull (ca + 1, NULL, 10), lb = g_ascii_strtoull (cb + 1, NULL, 10);
  return (la > lb) - (la < lb);
}

/* " at a.c:3 and b.c:9" */
static void
append_set (GString *s, GHashTable *set)
{
  g_autofree gpointer *keys = g_hash_table_get_keys_as_array (set, NULL);
  guint n = g_hash_table_size (set);
  qsort (keys, n, sizeof (gpointer), cmp_loc);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, "%s%s", i == 0 ? " at " : i + 1 == n ? " and " : ", ",
                            (char *) keys[i]);
}

/* the lines of a cause's violation */
static void
append_lines (GString *s, AugurFinding *f)
{
  g_autoptr (GHashTable) set = lines_of (f, TRUE);
  append_set (s, set);
}

/* "a lost update of `q->pushed` at queue.c:55" */
static void
append_cause (GString *s, AugurFinding *f)
{
  const char *p = pattern_of (f);
  switch (augur_finding_get_kind (f))
    {
    case AUGUR_FINDING_LOCK_ORDER:
      {
        /* "`a` and `b` taken in opposite orders at ..." */
        g_auto (GStrv) locks = g_strsplit (augur_finding_get_object (f) != NULL
                                             ? augur_finding_get_object (f) : "", ", ", -1);
        guint nl = g_strv_length (locks);
        g_string_append (s, "a lock-order inversion: ");
        for (guint i = 0; i < nl; i++)
          g_string_append_printf (s, "%s`%s`", i == 0 ? "" : i + 1 == nl ? " and " : ", ",
                                  locks[i]);
        g_string_append (s, " taken in opposite orders");
        append_failure_lines (s, f);
        return;
      }
    case AUGUR_FINDING_MISUSE:
      /* where the call the program gave up after was made */
      g_string_append_printf (s, "a misuse of the threads API (%s)",
                              augur_finding_get_subkind (f) != NULL ? augur_finding_get_subkind (f)
                                                                    : "misuse");
      append_failure_lines (s, f);
      return;
    case AUGUR_FINDING_DATA_RACE:
      g_string_append (s, "a data race on ");
      append_object (s, f);
      break;
    case AUGUR_FINDING_ORDER_VIOLATION:
      g_string_append (s, "an order violation on ");
      append_object (s, f);
      break;
    default:
      if (g_strcmp0 (p, "R-W-W") == 0)
        g_string_append (s, "a lost update of ");
      else if (g_strcmp0 (p, "W-W-W") == 0)
        g_string_append (s, "a lost write to ");
      else if (g_strcmp0 (p, "R-W-R") == 0)
        g_string_append (s, "two reads seeing different values of ");
      else if (g_strcmp0 (p, "W-W-R") == 0)
        g_string_append (s, "a write overwritten before it is read back, of ");
      else if (g_strcmp0 (p, "W-R-W") == 0)
        g_string_append (s, "a read of an intermediate value of ");
      else
        g_string_append (s, "an atomicity violation on ");
      append_object (s, f);
      break;
    }
  append_lines (s, f);
}

/* The assertion's text from the explorer's or confirmation's sentence:
 * "... the assertion 'x == 1'." or "assertion `x == 1` failed ...". */
static char *
assertion_text (AugurFinding *f)
{
  const char *e = augur_finding_get_explanation (f);
  const char *a = strstr (e, "the assertion '");
  if (a != NULL)
    {
      a += strlen ("the assertion '");
      const char *end = strrchr (a, '\'');
      if (end != NULL && end > a)
        return g_strndup (a, end - a);
    }
  a = strstr (e, "assertion `");
  if (a != NULL)
    {
      a += strlen ("assertion `");
      const char *end = strrchr (a, '`');
      if (end != NULL && end > a)
        return g_strndup (a, end - a);
    }
  return NULL;
}

/* " at t.c:9" or " at a.c:3 and a.c:9": where a failure happens */
static void
append_failure_lines (GString *s, AugurFinding *f)
{
  g_autoptr (GHashTable) set = lines_of (f, FALSE);
  if (augur_finding_get_kind (f) == AUGUR_FINDING_DEADLOCK)
    {
      /* where the threads are blocked, not where they took their locks */
      g_hash_table_remove_all (set);
      for (guint i = 0; i < augur_finding_get_n_accesses (f); i++)
        {
          const AugurAccess *a = augur_finding_get_access (f, i);
          if (a->file != NULL && !augur_op_is_memory_access (a->op) && !augur_op_is_acquire (a->op))
            g_hash_table_add (set, loc_of (a->file, a->line));
        }
    }
  append_set (s, set);
}

char *
augur_check_cause_chain (AugurFinding *head, GPtrArray *parts, gboolean head_note)
{
  GString *s = g_string_new (NULL);
  const char *after = NULL;
  switch (augur_finding_get_kind (head))
    {
    case AUGUR_FINDING_ASSERTION:
      {
        g_autofree char *text = assertion_text (head);
        if (text != NULL)
          g_string_append_printf (s, "Assertion `%s`", text);
        else
          g_string_append (s, "An assertion");
        append_failure_lines (s, head);
        g_string_append (s, " fails");
        /* what the explorer adds after its "... the assertion 'x'." (a
         * spurious wake-up the failure may need) comes after the chain */
        const char *e = augur_finding_get_explanation (head);
        const char *rest = strstr (e, "the assertion '") != NULL ? g_strrstr (e, "'. ") : NULL;
        if (rest != NULL && head_note)
          after = rest + 3;
        break;
      }
    case AUGUR_FINDING_ABORT:
      {
        g_string_append (s, "The program calls abort()");
        append_failure_lines (s, head);
        /* the explorer's note after its own sentence, as for an assertion */
        const char *e = augur_finding_get_explanation (head);
        const char *rest = strstr (e, "assert(). ");
        if (rest != NULL && head_note)
          after = rest + strlen ("assert(). ");
        break;
      }
    case AUGUR_FINDING_CRASH:
      g_string_append (s, "The program crashes");
      append_failure_lines (s, head);
      break;
    case AUGUR_FINDING_DEADLOCK:
      g_string_append (s, "The program deadlocks");
      append_failure_lines (s, head);
      break;
    default:
      {
        g_autofree char *kind = augur_finding_dup_full_kind (head);
        g_string_append_printf (s, "The %s", kind);
        append_failure_lines (s, head);
        g_string_append (s, " happens");
        break;
      }
    }
  /* one phrase per cause; a race on an object a violation already names
   * adds nothing to the sentence (it is listed among the parts) */
  guint said = 0;
  for (guint i = 0; i < parts->len; i++)
    {
      AugurFinding *p = g_ptr_array_index (parts, i);
      gboolean covered = FALSE;
      for (guint j = 0; j < i && !covered; j++)
        {
          AugurFinding *q = g_ptr_array_index (parts, j);
          covered = augur_finding_get_kind (p) == AUGUR_FINDING_DATA_RACE
                    && g_strcmp0 (augur_finding_get_object_id (p), augur_finding_get_object_id (q)) == 0;
        }
      if (covered)
        continue;
      g_string_append (s, said == 0 ? " because of " : " and ");
      append_cause (s, p);
      said++;
    }
  g_string_append_c (s, '.');
  /* a misuse's own sentence says what the failed call did */
  for (guint i = 0; i < parts->len; i++)
    if (augur_finding_get_kind (g_ptr_array_index (parts, i)) == AUGUR_FINDING_MISUSE)
      g_string_append_printf (s, " %s",
                              augur_finding_get_explanation (g_ptr_array_index (parts, i)));
  /* who waits for what, or the signal: more than the chain says */
  if (augur_finding_get_kind (head) == AUGUR_FINDING_DEADLOCK
      || augur_finding_get_kind (head) == AUGUR_FINDING_CRASH)
    g_string_append_printf (s, " %s", augur_finding_get_explanation (head));
  else if (after != NULL)
    g_string_append_printf (s, " %s", after);
  return g_string_free (s, FALSE);
}

typedef struct {
  AugurFinding *head;     /* borrowed from the stolen list */
  GPtrArray *parts;       /* AugurFinding*, borrowed, in cause order */
} Bug;

static void
bug_free (gpointer p)
{
  Bug *b = p;
  g_ptr_array_unref (b->parts);
  g_free (b);
}

static Bug *
bug_of (GPtrArray *bugs, AugurFinding *head)
{
  for (guint i = 0; i < bugs->len; i++)
    {
      Bug *b = g_ptr_array_index (bugs, i);
      if (b->head == head)
        return b;
    }
  Bug *b = g_new0 (Bug, 1);
  b->head = head;
  b->parts = g_ptr_array_new ();
  g_ptr_array_add (bugs, b);
  return b;
}

/* @p's access that is @a's harm (a failed assertion, an abort, a fault,
 * at @a's line): @a's thread's if it has one, else another thread's (the
 * threads that run one function take turns failing at its line from one
 * execution to the next); NULL if none. */
static const AugurAccess *
harm_access_of (AugurFinding *p, const AugurAccess *a)
{
  const AugurAccess *found = NULL;
  for (guint k = 0; k < augur_finding_get_n_accesses (p); k++)
    {
      const AugurAccess *c = augur_finding_get_access (p, k);
      if (!same_harm_op (c->op, a->op) || c->line != a->line || g_strcmp0 (c->file, a->file) != 0)
        continue;
      if (c->thread == a->thread)
        return c;
      if (found == NULL)
        found = c;
    }
  return found;
}

/* The crash sentence of head @h that *@chain repeats ("Thread 2 crashes
 * with ...") names the thread that crashes in the schedule taken, the
 * cause @sched's (two threads may crash at one line, in different
 * executions): the one `augur replay` of the finding shows. */
static void
crashed_as_scheduled (char **chain, AugurFinding *h, AugurFinding *sched)
{
  if (augur_finding_get_kind (h) != AUGUR_FINDING_CRASH)
    return;
  for (guint i = 0; i < augur_finding_get_n_accesses (h); i++)
    {
      const AugurAccess *a = augur_finding_get_access (h, i);
      const AugurAccess *c = a->op == AUGUR_OP_FAULT ? harm_access_of (sched, a) : NULL;
      if (c == NULL || c->thread == a->thread)
        continue;
      g_autofree char *was = g_strdup_printf ("Thread %u crashes ", a->thread);
      char *at = strstr (*chain, was);
      if (at == NULL)
        return;
      g_autofree char *head = g_strndup (*chain, at - *chain);
      char *fixed = g_strdup_printf ("%sThread %u crashes %s", head, c->thread, at + strlen (was));
      g_free (*chain);
      *chain = fixed;
      return;
    }
}

/* A part of @f other than its schedule's (@sched) whose own execution
 * failed in another thread than @f's failure access says (its text reads
 * "Thread 3 calls abort()" below a headline "(T2)"): it says so. */
static void
note_other_executions (AugurFinding *f, GPtrArray *parts, AugurFinding *sched)
{
  const AugurAccess *fail = NULL;
  for (guint i = 0; i < augur_finding_get_n_accesses (f) && fail == NULL; i++)
    {
      const AugurAccess *a = augur_finding_get_access (f, i);
      if (augur_op_is_failure (a->op) || a->op == AUGUR_OP_FAULT)
        fail = a;
    }
  if (fail == NULL)
    return;
  for (guint i = 0; i < parts->len; i++)
    {
      AugurFinding *p = g_ptr_array_index (parts, i);
      const AugurAccess *c = p != sched ? harm_access_of (p, fail) : NULL;
      if (c == NULL || c->thread == fail->thread)
        continue;
      g_autofree char *e = g_strdup_printf ("%s This part is another execution: thread %u fails "
                                            "there, thread %u in the finding's schedule.",
                                            augur_finding_get_explanation (p), c->thread,
                                            fail->thread);
      augur_finding_set_explanation (p, e);
    }
}

/* The finding of a failure with its causes: its accesses, the schedule of
 * the first cause whose confirmation or diagnosis ran into the failure
 * (violation and failure highlighted), the worst severity, the chain. */
static AugurFinding *
build_bug (Bug *b)
{
  AugurFinding *h = b->head;
  AugurFinding *f = augur_finding_new (augur_finding_get_kind (h), augur_finding_get_subkind (h),
                                       augur_finding_get_explanation (h));
  if (augur_finding_get_object (h) != NULL)
    {
      augur_finding_set_object (f, augur_finding_get_object (h), augur_finding_get_object_kind (h));
      augur_finding_set_object_id (f, augur_finding_get_object_id (h));
    }
  AugurFinding *sched = h;
  for (guint i = 0; i < b->parts->len && sched == h; i++)
    {
      AugurFinding *p = g_ptr_array_index (b->parts, i);
      g_autoptr (GHashTable) harm = lines_of (p, FALSE);
      /* a misuse's schedule ends at the misuse, before the failure */
      if (g_hash_table_size (harm) > 0 && augur_finding_get_n_steps (p) > 0
          && augur_finding_get_prediction_pattern (p) == NULL
          && augur_finding_get_kind (p) != AUGUR_FINDING_MISUSE)
        sched = p;
    }
  if (sched == h)
    for (guint i = 0; i < b->parts->len && sched == h; i++)
      {
        /* a confirmed prediction's schedule is explorer steps too */
        AugurFinding *p = g_ptr_array_index (b->parts, i);
        g_autoptr (GHashTable) harm = lines_of (p, FALSE);
        if (g_hash_table_size (harm) > 0 && augur_finding_get_n_steps (p) > 0
            && augur_finding_get_prediction_class (p, NULL))
          sched = p;
      }

  /* the head's note on its own execution is kept only with its schedule;
   * a cause's schedule says its own spurious wake-up (what `augur replay`
   * of this finding says too) */
  g_autofree char *chain = augur_check_cause_chain (h, b->parts, sched == h);
  if (sched != h)
    crashed_as_scheduled (&chain, h, sched);
  g_autofree char *note = sched != h
    ? augur_steps_spurious_sentence (augur_finding_get_explanation (sched)) : NULL;
  g_autofree char *with = note != NULL ? g_strdup_printf ("%s %s", chain, note) : NULL;
  augur_finding_set_explanation (f, with != NULL ? with : chain);

  AugurSeverity sev = augur_finding_get_severity (h);
  for (guint i = 0; i < b->parts->len; i++)
    sev = MIN (sev, augur_finding_get_severity (g_ptr_array_index (b->parts, i)));
  augur_finding_set_severity (f, sev);

  guint nt;
  const guint *threads = augur_finding_get_threads (h, &nt);
  for (guint i = 0; i < nt; i++)
    augur_finding_add_thread (f, threads[i]);
  for (guint k = 0; k < b->parts->len; k++)
    {
      threads = augur_finding_get_threads (g_ptr_array_index (b->parts, k), &nt);
      for (guint i = 0; i < nt; i++)
        augur_finding_add_thread (f, threads[i]);
    }
  for (guint i = 0; i < augur_finding_get_n_accesses (h); i++)
    {
      const AugurAccess *a = augur_finding_get_access (h, i);
      /* numbered as in the schedule taken: the cause's harm access, in
       * the thread that failed in that execution */
      const AugurAccess *c = sched != h ? harm_access_of (sched, a) : NULL;
      gboolean other = c != NULL && c->thread != a->thread;
      augur_finding_add_access (f, c != NULL ? c->thread : a->thread,
                                c != NULL ? c->event : a->event, a->op, a->file, a->line,
                                a->function,
                                (const char *const *) (other ? c->locks_held : a->locks_held));
    }
  for (guint i = 0; i < augur_finding_get_n_steps (sched); i++)
    {
      const AugurStep *st = augur_finding_get_step (sched, i);
      augur_finding_add_step (f, st->thread, st->event, st->op, st->object, st->peer, st->file,
                              st->line, st->function);
    }
  guint nb;
  const guint *bug = augur_finding_get_bug_steps (sched, &nb);
  for (guint i = 0; i < nb; i++)
    augur_finding_mark_bug_step (f, bug[i]);
  if (sched != h)
    {
      /* the failure itself: the failing thread's last step */
      guint n = augur_finding_get_n_steps (f);
      for (guint i = 0; i < augur_finding_get_n_accesses (f); i++)
        {
          guint t = augur_finding_get_access (f, i)->thread;
          for (guint k = n; k > 0; k--)
            if (augur_finding_get_step (f, k - 1)->thread == t)
              {
                augur_finding_mark_bug_step (f, k - 1);
                break;
              }
        }
    }
  note_other_executions (f, b->parts, sched);
  for (guint i = 0; i < b->parts->len; i++)
    augur_finding_add_part (f, g_ptr_array_index (b->parts, i));
  return f;
}

static gint
cause_rank (gconstpointer a, gconstpointer b)
{
  /* violations first (they say what went wrong), then races */
  AugurFinding *x = *(AugurFinding *const *) a, *y = *(AugurFinding *const *) b;
  gboolean rx = augur_finding_get_kind (x) == AUGUR_FINDING_DATA_RACE;
  gboolean ry = augur_finding_get_kind (y) == AUGUR_FINDING_DATA_RACE;
  if (rx != ry)
    return rx ? 1 : -1;
  return augur_finding_compare (x, y);
}

/* The race of @benign whose lines are @race's (confirmation saw it happen
 * and nothing fail, or fail the same way without it), and whose global
 * is @race's where both are globals (one function racing on a request
 * queue and on a reply queue is two races), or NULL. */
static AugurFinding *
classified_benign (AugurFinding *race, AugurResults *benign)
{
  if (benign == NULL)
    return NULL;
  g_autoptr (GHashTable) lines = lines_of (race, TRUE);
  g_autofree char *global = augur_objects_global_symbol (augur_finding_get_object_id (race));
  for (guint i = 0; i < augur_results_get_n_findings (benign); i++)
    {
      AugurFinding *b = augur_results_get_finding (benign, i);
      if (augur_finding_get_kind (b) != AUGUR_FINDING_DATA_RACE)
        continue;
      g_autoptr (GHashTable) bl = lines_of (b, TRUE);
      g_autofree char *bglobal = augur_objects_global_symbol (augur_finding_get_object_id (b));
      if (subset (lines, bl) && subset (bl, lines)
          && (global == NULL || bglobal == NULL || strcmp (global, bglobal) == 0))
        return b;
    }
  return NULL;
}

static guint group (AugurResults *results, AugurResults *benign, gboolean explore_only);

guint
augur_check_group_findings (AugurResults *results, AugurResults *benign)
{
  return group (results, benign, FALSE);
}

guint
augur_check_link_for_explore (AugurResults *results)
{
  return group (results, NULL, TRUE);
}

/* 0. one deadlock found twice (a confirmed prediction, the explorer):
 * the same blocked lock requests; the explorer's is kept */
static void
drop_found_twice (GPtrArray *all, gboolean *used, gboolean *dropped)
{
  for (guint i = 0; i < all->len; i++)
    {
      AugurFinding *d = g_ptr_array_index (all, i);
      if (used[i] || augur_finding_get_kind (d) != AUGUR_FINDING_DEADLOCK)
        continue;
      g_autoptr (GHashTable) dr = requests_of (d);
      for (guint k = 0; k < all->len && g_hash_table_size (dr) >= 2; k++)
        {
          AugurFinding *e = g_ptr_array_index (all, k);
          if (k == i || used[k] || augur_finding_get_kind (e) != AUGUR_FINDING_DEADLOCK)
            continue;
          g_autoptr (GHashTable) er = requests_of (e);
          gboolean d_explored = augur_finding_get_prediction_pattern (d) == NULL;
          gboolean e_explored = augur_finding_get_prediction_pattern (e) == NULL;
          if (subset (dr, er) && subset (er, dr) && (d_explored || !e_explored))
            dropped[k] = used[k] = TRUE;
        }
    }
}

/* 0'. lock-order inversions realised as a deadlock: the deadlock's
 * blocked lock requests are the inversion's acquisitions */
static void
tie_realised_inversions (GPtrArray *all, GPtrArray *bugs, gboolean *used,
                         const gboolean *dropped)
{
  for (guint i = 0; i < all->len; i++)
    {
      AugurFinding *inv = g_ptr_array_index (all, i);
      if (augur_finding_get_kind (inv) != AUGUR_FINDING_LOCK_ORDER)
        continue;
      g_autoptr (GHashTable) il = acquisition_lines_of (inv);
      for (guint k = 0; k < all->len && !used[i]; k++)
        {
          AugurFinding *d = g_ptr_array_index (all, k);
          if (augur_finding_get_kind (d) != AUGUR_FINDING_DEADLOCK)
            continue;
          if (dropped[k])
            continue;
          g_autoptr (GHashTable) requests = requests_of (d);
          if (g_hash_table_size (requests) < 2 || !subset (requests, il))
            continue;
          /* realised: no longer a hazard but the cause of an error */
          augur_finding_set_severity (inv, AUGUR_SEVERITY_ERROR);
          g_ptr_array_add (bug_of (bugs, d)->parts, inv);
          used[i] = used[k] = TRUE;
        }
    }
}

/* Was @m's misusing call the last call on the threads API that the
 * thread aborting in @a made before abort()?  Its memory accesses in
 * between (the test of the call's result) aside: the call failed, or
 * did what the program checks for, and the program gave up.  Steps are
 * compared by thread, event index, operation and line, so the two
 * findings may come from different executions. */
static gboolean
misuse_before_abort (AugurFinding *m, AugurFinding *a)
{
  const AugurAccess *fail = NULL;
  for (guint i = 0; i < augur_finding_get_n_accesses (a) && fail == NULL; i++)
    if (augur_op_is_failure (augur_finding_get_access (a, i)->op))
      fail = augur_finding_get_access (a, i);
  if (fail == NULL)
    return FALSE;
  const AugurStep *last = NULL;
  for (guint k = augur_finding_get_n_steps (a); k > 0 && last == NULL; k--)
    {
      const AugurStep *s = augur_finding_get_step (a, k - 1);
      if (s->thread == fail->thread && !augur_op_is_memory_access (s->op))
        last = s;
    }
  if (last == NULL || last->file == NULL)
    return FALSE;
  g_autofree char *at = loc_of (last->file, last->line);
  for (guint i = 0; i < augur_finding_get_n_accesses (m); i++)
    {
      const AugurAccess *u = augur_finding_get_access (m, i);
      if (u->file == NULL || u->thread != last->thread || u->event != last->event
          || u->op != last->op)
        continue;
      g_autofree char *ua = loc_of (u->file, u->line);
      if (strcmp (ua, at) == 0)
        return TRUE;
    }
  return FALSE;
}

/* 0''. an abort() right after a misuse in its thread is the misuse's
 * consequence: one bug, the abort with the misuse as its part */
static void
tie_misuses_to_aborts (GPtrArray *all, GPtrArray *bugs, gboolean *used, const gboolean *dropped)
{
  for (guint i = 0; i < all->len; i++)
    {
      AugurFinding *m = g_ptr_array_index (all, i);
      if (used[i] || augur_finding_get_kind (m) != AUGUR_FINDING_MISUSE
          || augur_finding_get_severity (m) != AUGUR_SEVERITY_ERROR)
        continue;
      for (guint k = 0; k < all->len && !used[i]; k++)
        {
          AugurFinding *a = g_ptr_array_index (all, k);
          if (dropped[k] || augur_finding_get_kind (a) != AUGUR_FINDING_ABORT
              || !misuse_before_abort (m, a))
            continue;
          g_ptr_array_add (bug_of (bugs, a)->parts, m);
          used[i] = used[k] = TRUE;
        }
    }
}

/* 1. causes tied to a failure by their harm */
static void
tie_causes (GPtrArray *all, GPtrArray *bugs, gboolean *used, const gboolean *dropped)
{
  for (guint i = 0; i < all->len; i++)
    {
      AugurFinding *c = g_ptr_array_index (all, i);
      if (!is_cause (augur_finding_get_kind (c)))
        continue;
      gint h = tied_failure (c, all, dropped);
      if (h < 0)
        continue;
      g_ptr_array_add (bug_of (bugs, g_ptr_array_index (all, h))->parts, c);
      used[i] = TRUE;
      used[h] = TRUE;
    }
}

/* 2. races on the object of a tied violation, at its lines, met in the
 * failing schedule; or on the object of a violation alone */
static void
tie_races_to_violations (GPtrArray *all, GPtrArray *bugs, gboolean *used)
{
  for (guint i = 0; i < all->len; i++)
    {
      AugurFinding *r = g_ptr_array_index (all, i);
      if (used[i] || augur_finding_get_kind (r) != AUGUR_FINDING_DATA_RACE)
        continue;
      g_autoptr (GHashTable) rl = lines_of (r, TRUE);
      for (guint k = 0; k < bugs->len && !used[i]; k++)
        {
          Bug *b = g_ptr_array_index (bugs, k);
          for (guint j = 0; j < b->parts->len && !used[i]; j++)
            {
              AugurFinding *c = g_ptr_array_index (b->parts, j);
              g_autoptr (GHashTable) cl = lines_of (c, TRUE);
              if (c != r && augur_finding_get_kind (c) != AUGUR_FINDING_DATA_RACE
                  && g_strcmp0 (augur_finding_get_object_id (c), augur_finding_get_object_id (r)) == 0
                  && subset (rl, cl) && accesses_in_schedule (r, b->head))
                {
                  g_ptr_array_add (b->parts, r);
                  used[i] = TRUE;
                }
            }
        }
      for (guint k = 0; k < all->len && !used[i]; k++)
        {
          AugurFinding *c = g_ptr_array_index (all, k);
          if (used[k] || augur_finding_get_kind (c) != AUGUR_FINDING_ATOMICITY_VIOLATION
              || g_strcmp0 (augur_finding_get_object_id (c), augur_finding_get_object_id (r)) != 0)
            continue;
          g_autoptr (GHashTable) cl = lines_of (c, TRUE);
          if (!subset (rl, cl))
            continue;
          /* a violation that failed nothing known here: the race is its part */
          g_ptr_array_add (bug_of (bugs, c)->parts, r);
          used[i] = used[k] = TRUE;
        }
    }
}

/* 3. a race the failing thread's failing line takes part in: the
 * assertion reads what another thread writes unsynchronised, whatever
 * else the stages tied to the failure */
static void
tie_races_at_failures (GPtrArray *all, GPtrArray *bugs, gboolean *used,
                       const gboolean *dropped)
{
  for (guint i = 0; i < all->len; i++)
    {
      AugurFinding *r = g_ptr_array_index (all, i);
      if (used[i] || augur_finding_get_kind (r) != AUGUR_FINDING_DATA_RACE)
        continue;
      for (guint k = 0; k < all->len && !used[i]; k++)
        {
          AugurFinding *f = g_ptr_array_index (all, k);
          if (dropped[k] || !is_failure (augur_finding_get_kind (f)) || !race_at_failure (r, f))
            continue;
          Bug *b = bug_of (bugs, f);
          g_ptr_array_add (b->parts, r);
          used[i] = used[k] = TRUE;
        }
    }
}

/* Each bug into @results: its parts in order, a failure as a new finding
 * built from them, any other head with them as its parts.  Returns how
 * many findings went into bugs. */
static guint
add_bugs (AugurResults *results, GPtrArray *bugs)
{
  guint grouped = 0;
  for (guint i = 0; i < bugs->len; i++)
    {
      Bug *b = g_ptr_array_index (bugs, i);
      g_ptr_array_sort (b->parts, cause_rank);
      /* a race at the failing line first: it says what the failure read */
      for (guint k = 1; k < b->parts->len; k++)
        {
          AugurFinding *p = g_ptr_array_index (b->parts, k);
          if (augur_finding_get_kind (p) != AUGUR_FINDING_DATA_RACE || !race_at_failure (p, b->head))
            continue;
          g_ptr_array_remove_index (b->parts, k);
          g_ptr_array_insert (b->parts, 0, p);
          break;
        }
      grouped += b->parts->len;
      if (is_failure (augur_finding_get_kind (b->head)))
        {
          g_autoptr (AugurFinding) f = build_bug (b);
          augur_results_add_finding (results, f);
        }
      else
        {
          for (guint k = 0; k < b->parts->len; k++)
            augur_finding_add_part (b->head, g_ptr_array_index (b->parts, k));
          augur_results_add_finding (results, b->head);
        }
    }
  return grouped;
}

/* Does the waiting read @a of hang @h read @obj: its step, or (a read
 * still pending when the run stopped) its thread's last read at its line? */
static gboolean
waits_on (AugurFinding *h, const AugurAccess *a, const char *obj)
{
  gint at = augur_finding_find_step (h, a->thread, a->event);
  for (guint k = at >= 0 ? (guint) at + 1 : augur_finding_get_n_steps (h); at < 0 && k-- > 0;)
    {
      const AugurStep *s = augur_finding_get_step (h, k);
      if (s->thread == a->thread && s->op == AUGUR_OP_READ && s->line == a->line
          && g_strcmp0 (s->file, a->file) == 0)
        at = (gint) k;
    }
  return at >= 0 && g_strcmp0 (augur_finding_get_step (h, (guint) at)->object, obj) == 0;
}

/* A hang of @all in which a thread waits in a loop reading @race's
 * variable (the step of its waiting read names it), with that read in
 * *@wait; else NULL.  The race in another order than the one
 * re-execution saw may be what leaves that thread waiting. */
static AugurFinding *
hang_on_variable (GPtrArray *all, AugurFinding *race, const AugurAccess **wait)
{
  const char *obj = augur_finding_get_object (race);
  if (obj == NULL)
    return NULL;
  for (guint i = 0; i < all->len; i++)
    {
      AugurFinding *h = g_ptr_array_index (all, i);
      AugurFindingKind k = augur_finding_get_kind (h);
      if (k != AUGUR_FINDING_HANG && k != AUGUR_FINDING_DEADLOCK)
        continue;
      for (guint j = 0; j < augur_finding_get_n_accesses (h); j++)
        {
          const AugurAccess *a = augur_finding_get_access (h, j);
          if (a->op == AUGUR_OP_READ && a->file != NULL && waits_on (h, a, obj))
            {
              *wait = a;
              return h;
            }
        }
    }
  return NULL;
}

/* What re-execution saw of @race, classified benign (@seen: its mark):
 * "nothing failed" is said of the executions explored after the order it
 * ran, and names a hang of @all waiting on the same variable, which the
 * other order may cause. */
static char *
benign_text (GPtrArray *all, AugurFinding *race, const char *seen)
{
  if (g_strcmp0 (seen, AUGUR_CONFIRM_FAILED_ANYWAY) == 0)
    return g_strdup (" Re-executed, the race happened and the program failed after it, but the "
                     "same way without it (in the other order of the two accesses, or its "
                     "default schedule): the failure is not blamed on it. A data race is still "
                     "undefined behaviour in C11.");
  if (g_strcmp0 (seen, AUGUR_CONFIRM_HUNG) == 0)
    return g_strdup (" Re-executed, the race happened and some executions explored after it hung "
                     "(killed by the watchdog), which re-execution cannot blame on it; a data "
                     "race is undefined behaviour in C11 whatever followed.");
  const AugurAccess *wait = NULL;
  if (hang_on_variable (all, race, &wait) == NULL)
    return g_strdup (" Re-executed, the race happened and nothing failed in the executions "
                     "explored after it, but a data race is still undefined behaviour in C11.");
  g_autofree char *at = loc_of (wait->file, wait->line);
  return g_strdup_printf (
    " Re-executed, the race happened and nothing failed in the executions explored after that "
    "order; but a hang was found in which thread %u waits at %s for %s to change: the race in "
    "the other order may be its cause. A data race is undefined behaviour in C11 whatever "
    "followed.", wait->thread, at, augur_finding_get_object (race));
}

/* The findings in no bug (nor dropped) into @results as they are. */
static void
add_ungrouped (AugurResults *results, GPtrArray *all, const gboolean *used, AugurResults *benign)
{
  for (guint i = 0; i < all->len; i++)
    {
      if (used[i])
        continue;   /* a part of a bug, or the same deadlock found twice */
      AugurFinding *f = g_ptr_array_index (all, i);
      /* A race re-execution saw happen with nothing failing stays an
       * error: it is undefined behaviour the program certainly has, and
       * whether the predictor happened to pick it depends on the recorded
       * run, so demoting it would make the verdict vary between runs. */
      AugurFinding *b = augur_finding_get_kind (f) == AUGUR_FINDING_DATA_RACE
                        ? classified_benign (f, benign) : NULL;
      if (b != NULL)
        {
          g_autofree char *seen = benign_text (all, f, augur_finding_get_explanation (b));
          g_autofree char *e = g_strconcat (augur_finding_get_explanation (f), seen, NULL);
          augur_finding_set_explanation (f, e);
        }
      augur_results_add_finding (results, f);
    }
}

/* The passes in order: each ties findings the ones before left unused;
 * only the first three for `augur explore`. */
static guint
group (AugurResults *results, AugurResults *benign, gboolean explore_only)
{
  g_autoptr (GPtrArray) all = augur_results_steal_findings (results);
  g_autoptr (GPtrArray) bugs = g_ptr_array_new_with_free_func (bug_free);
  g_autofree gboolean *used = g_new0 (gboolean, all->len + 1);
  g_autofree gboolean *dropped = g_new0 (gboolean, all->len + 1);

  drop_found_twice (all, used, dropped);
  tie_realised_inversions (all, bugs, used, dropped);
  tie_misuses_to_aborts (all, bugs, used, dropped);
  if (!explore_only)
    {
      tie_causes (all, bugs, used, dropped);
      tie_races_to_violations (all, bugs, used);
      tie_races_at_failures (all, bugs, used, dropped);
    }
  guint grouped = add_bugs (results, bugs);
  add_ungrouped (results, all, used, benign);
  return grouped;
}
