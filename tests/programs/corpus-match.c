/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * corpus-match.c — compares a corpus program's `expected` file with the
 * results file `augur check` wrote for it (see tests/programs/README.md).
 *
 *   corpus-match EXPECTED RESULTS.json
 *
 * An expected finding "[SEVERITY] KIND prog.c:L1 prog.c:L2 ..." is found
 * when some finding of that kind (with its misuse sub-kind,
 * "misuse:what"), or some part of a bug (augur reports an assertion with
 * the race and the atomicity violation that made it fail as its parts),
 * involves every listed line among its accesses' or its bug steps'
 * locations (compared by file basename and line), or when the findings of
 * that kind whose locations all lie among the listed lines cover them
 * together: the corpus lists "data-race prog.c:22 prog.c:32 prog.c:40" for
 * the races of two counters with one reader, augur reports one race per
 * pair.  With a SEVERITY (error, warning, note) first, the finding must
 * have it.
 *
 * Severities: on a clean program, an error or a warning is a false alarm
 * (it says the program is wrong or hazardous), a note is not (a mutex
 * never destroyed, a lock order every thread takes under one gate lock:
 * worth knowing, no defect of the program); notes are listed as such.
 *
 * Prints one line per expected finding (found / MISSED), one per finding of
 * a clean program (FALSE ALARM, or note), and one per unexpected finding of
 * a buggy program (extra), then a summary line "found=N missed=N
 * false_alarms=N extra=N notes=N errors=N warnings=N" (the last two count
 * the results' findings by severity).
 *
 * Exit status: 0 nothing missed and no false alarm, 1 otherwise, 3 for an
 * unreadable file.
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "common/results.h"

typedef struct {
  char *kind;        /* "data-race", "misuse:uninitialised-cond" */
  GPtrArray *locs;   /* "prog.c:20" */
  gint severity;     /* AugurSeverity the finding must have, or -1 */
} Expected;

static void
expected_free (gpointer p)
{
  Expected *e = p;
  g_free (e->kind);
  g_ptr_array_unref (e->locs);
  g_free (e);
}

static GPtrArray *
read_expected (const char *path, gboolean *clean, GError **error)
{
  g_autofree char *text = NULL;
  if (!g_file_get_contents (path, &text, NULL, error))
    return NULL;
  GPtrArray *list = g_ptr_array_new_with_free_func (expected_free);
  *clean = FALSE;
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (char **l = lines; *l != NULL; l++)
    {
      g_strstrip (*l);
      if (**l == '\0' || **l == '#')
        continue;
      if (strcmp (*l, "clean") == 0)
        {
          *clean = TRUE;
          continue;
        }
      g_auto (GStrv) words = g_strsplit_set (*l, " \t", -1);
      Expected *e = g_new0 (Expected, 1);
      char **w0 = words;
      AugurSeverity sev;
      e->severity = -1;
      if (augur_severity_from_string (words[0], &sev) && words[1] != NULL)
        {
          e->severity = sev;
          w0++;
        }
      e->kind = g_strdup (w0[0]);
      e->locs = g_ptr_array_new_with_free_func (g_free);
      for (char **w = w0 + 1; *w != NULL; w++)
        if (**w != '\0')
          g_ptr_array_add (e->locs, g_strdup (*w));
      g_ptr_array_add (list, e);
    }
  return list;
}

/* "basename:line" of every access and bug step of a finding, leaving out
 * the harm a confirmed prediction appends (its race or atomicity
 * violation is located at its accesses; the failed assertion that followed
 * is the assertion's own finding) unless the finding is that harm. */
static GHashTable *
finding_locations (AugurFinding *f)
{
  GHashTable *set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  AugurFindingKind kind = augur_finding_get_kind (f);
  gboolean keep_harm = kind == AUGUR_FINDING_ASSERTION || kind == AUGUR_FINDING_ABORT
                       || kind == AUGUR_FINDING_CRASH
                       || kind == AUGUR_FINDING_HANG || kind == AUGUR_FINDING_MISUSE;
  for (guint i = 0; i < augur_finding_get_n_accesses (f); i++)
    {
      const AugurAccess *a = augur_finding_get_access (f, i);
      if (a->file == NULL)
        continue;
      if (!keep_harm
          && (a->op == AUGUR_OP_ASSERT_FAIL || a->op == AUGUR_OP_FAULT || a->op == AUGUR_OP_END))
        continue;
      g_autofree char *base = g_path_get_basename (a->file);
      g_hash_table_add (set, g_strdup_printf ("%s:%u", base, a->line));
    }
  guint n = 0;
  const guint *bug = augur_finding_get_bug_steps (f, &n);
  for (guint i = 0; i < n; i++)
    {
      const AugurStep *s = augur_finding_get_step (f, bug[i]);
      if (s == NULL || s->file == NULL)
        continue;
      g_autofree char *base = g_path_get_basename (s->file);
      g_hash_table_add (set, g_strdup_printf ("%s:%u", base, s->line));
    }
  return set;
}

static gboolean
matches (const Expected *e, AugurFinding *f)
{
  g_autofree char *kind = augur_finding_dup_full_kind (f);
  if (strcmp (kind, e->kind) != 0)
    return FALSE;
  if (e->severity >= 0 && (gint) augur_finding_get_severity (f) != e->severity)
    return FALSE;
  g_autoptr (GHashTable) locs = finding_locations (f);
  for (guint i = 0; i < e->locs->len; i++)
    if (!g_hash_table_contains (locs, g_ptr_array_index (e->locs, i)))
      return FALSE;
  return TRUE;
}

/* @f or one of its parts matches @e. */
static gboolean
matches_bug (const Expected *e, AugurFinding *f)
{
  if (matches (e, f))
    return TRUE;
  for (guint i = 0; i < augur_finding_get_n_parts (f); i++)
    if (matches (e, augur_finding_get_part (f, i)))
      return TRUE;
  return FALSE;
}

/* Every location of @f is among @e's lines. */
static gboolean
within (const Expected *e, AugurFinding *f)
{
  g_autofree char *kind = augur_finding_dup_full_kind (f);
  if (strcmp (kind, e->kind) != 0)
    return FALSE;
  if (e->severity >= 0 && (gint) augur_finding_get_severity (f) != e->severity)
    return FALSE;
  g_autoptr (GHashTable) locs = finding_locations (f);
  if (g_hash_table_size (locs) == 0)
    return FALSE;
  GHashTableIter it;
  gpointer key;
  g_hash_table_iter_init (&it, locs);
  while (g_hash_table_iter_next (&it, &key, NULL))
    {
      gboolean listed = FALSE;
      for (guint i = 0; i < e->locs->len && !listed; i++)
        listed = strcmp (key, g_ptr_array_index (e->locs, i)) == 0;
      if (!listed)
        return FALSE;
    }
  return TRUE;
}

/* The findings within @e's lines cover them all: marks them used. */
static gboolean
covered_together (const Expected *e, AugurResults *results, gboolean *used)
{
  guint n = augur_results_get_n_findings (results);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GArray) members = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint k = 0; k < n; k++)
    {
      AugurFinding *bug = augur_results_get_finding (results, k);
      gboolean member = FALSE;
      for (guint p = 0; p <= augur_finding_get_n_parts (bug); p++)
        {
          AugurFinding *f = p == 0 ? bug : augur_finding_get_part (bug, p - 1);
          if (!within (e, f))
            continue;
          member = TRUE;
          g_autoptr (GHashTable) locs = finding_locations (f);
          GHashTableIter it;
          gpointer key;
          g_hash_table_iter_init (&it, locs);
          while (g_hash_table_iter_next (&it, &key, NULL))
            g_hash_table_add (seen, g_strdup (key));
        }
      if (member)
        g_array_append_val (members, k);
    }
  for (guint i = 0; i < e->locs->len; i++)
    if (!g_hash_table_contains (seen, g_ptr_array_index (e->locs, i)))
      return FALSE;
  for (guint i = 0; i < members->len; i++)
    used[g_array_index (members, guint, i)] = TRUE;
  return TRUE;
}

static gint
cmp_str_ptr (gconstpointer a, gconstpointer b, gpointer unused)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* "error data-race prog.c:22 prog.c:40 (deposited)" */
static char *
one_line (AugurFinding *f)
{
  g_autofree char *kind = augur_finding_dup_full_kind (f);
  g_autoptr (GHashTable) locs = finding_locations (f);
  g_autofree gpointer *keys = g_hash_table_get_keys_as_array (locs, NULL);
  guint nk = g_hash_table_size (locs);
  g_qsort_with_data (keys, (gint) nk, sizeof (gpointer), cmp_str_ptr, NULL);
  GString *s = g_string_new (augur_severity_to_string (augur_finding_get_severity (f)));
  g_string_append_c (s, ' ');
  g_string_append (s, kind);
  for (guint i = 0; i < nk; i++)
    g_string_append_printf (s, " %s", (char *) keys[i]);
  if (augur_finding_get_object (f) != NULL)
    g_string_append_printf (s, " (%s)", augur_finding_get_object (f));
  return g_string_free (s, FALSE);
}

int
main (int argc, char **argv)
{
  if (argc != 3)
    {
      g_printerr ("usage: corpus-match EXPECTED RESULTS.json\n");
      return 2;
    }
  g_autoptr (GError) error = NULL;
  gboolean clean = FALSE;
  g_autoptr (GPtrArray) expected = read_expected (argv[1], &clean, &error);
  if (expected == NULL)
    {
      g_printerr ("corpus-match: %s\n", error->message);
      return 3;
    }
  g_autoptr (AugurResults) results = augur_results_load (argv[2], &error);
  if (results == NULL)
    {
      g_printerr ("corpus-match: %s\n", error->message);
      return 3;
    }

  guint n = augur_results_get_n_findings (results);
  g_autofree gboolean *used = g_new0 (gboolean, MAX (n, 1u));
  guint found = 0, missed = 0, false_alarms = 0, extra = 0, notes = 0;
  for (guint i = 0; i < expected->len; i++)
    {
      Expected *e = g_ptr_array_index (expected, i);
      gboolean ok = FALSE;
      for (guint k = 0; k < n && !ok; k++)
        if (matches_bug (e, augur_results_get_finding (results, k)))
          {
            used[k] = TRUE;
            ok = TRUE;
          }
      if (!ok)
        ok = covered_together (e, results, used);
      GString *where = g_string_new (NULL);
      for (guint j = 0; j < e->locs->len; j++)
        g_string_append_printf (where, " %s", (char *) g_ptr_array_index (e->locs, j));
      g_print ("%s %s%s%s%s\n", ok ? "found " : "MISSED",
               e->severity >= 0 ? augur_severity_to_string (e->severity) : "",
               e->severity >= 0 ? " " : "", e->kind, where->str);
      g_string_free (where, TRUE);
      ok ? found++ : missed++;
    }
  for (guint k = 0; k < n; k++)
    {
      if (used[k])
        continue;
      AugurFinding *f = augur_results_get_finding (results, k);
      g_autofree char *text = one_line (f);
      if (augur_finding_get_severity (f) == AUGUR_SEVERITY_NOTE)
        {
          /* worth knowing, no defect: never a false alarm */
          g_print ("note %s\n", text);
          notes++;
        }
      else if (clean)
        {
          g_print ("FALSE ALARM %s\n", text);
          false_alarms++;
        }
      else
        {
          g_print ("extra %s\n", text);
          extra++;
        }
    }
  g_print ("found=%u missed=%u false_alarms=%u extra=%u notes=%u errors=%u warnings=%u\n", found,
           missed, false_alarms, extra, notes,
           augur_results_count_severity (results, AUGUR_SEVERITY_ERROR),
           augur_results_count_severity (results, AUGUR_SEVERITY_WARNING));
  return missed == 0 && false_alarms == 0 ? 0 : 1;
}
