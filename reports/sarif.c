/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * sarif.c — SARIF 2.1.0 output built with json-glib (see sarif.h).
 */
#include "config.h"

#include "reports/sarif.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "common/json-util.h"
#include "common/sort-strings.h"
#include "reports/relevance.h"
#include "reports/sarif-fixes.h"

/* Rule ids are the kinds of the results file (stable, what CI filters on);
 * SARIF wants a name that differs from the id and reads as a description. */
static const char *const rule_names[AUGUR_FINDING_N_KINDS] = {
  [AUGUR_FINDING_DEADLOCK] = "ThreadsBlockedForever",
  [AUGUR_FINDING_LOCK_ORDER] = "InconsistentLockOrder",
  [AUGUR_FINDING_DATA_RACE] = "UnsynchronisedConflictingAccesses",
  [AUGUR_FINDING_ATOMICITY_VIOLATION] = "InterleavedCriticalSequence",
  [AUGUR_FINDING_ORDER_VIOLATION] = "UnorderedDependentOperations",
  [AUGUR_FINDING_ASSERTION] = "AssertionFailsUnderSchedule",
  [AUGUR_FINDING_ABORT] = "ProgramAbortsUnderSchedule",
  [AUGUR_FINDING_CRASH] = "CrashUnderSchedule",
  [AUGUR_FINDING_HANG] = "NoProgressUnderSchedule",
  [AUGUR_FINDING_MISUSE] = "ThreadsApiMisuse",
};

/* A physicalLocation for file:line; nothing if the file is unknown. */
static void
add_physical_location (JsonBuilder *b, const char *file, guint line, const char *source_dir)
{
  if (file == NULL)
    return;
  augur_json_begin_object_member (b, "physicalLocation");
  augur_sarif_add_artifact_location (b, file, source_dir);
  if (line != 0)
    {
      augur_json_begin_object_member (b, "region");
      augur_json_add_int (b, "startLine", line);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
}

static void
add_logical_location (JsonBuilder *b, const char *function)
{
  if (function == NULL)
    return;
  augur_json_begin_array_member (b, "logicalLocations");
  json_builder_begin_object (b);
  augur_json_add_string (b, "name", function);
  augur_json_add_string (b, "kind", "function");
  json_builder_end_object (b);
  json_builder_end_array (b);
}

static char *
access_text (AugurFinding *f, const AugurAccess *a)
{
  GString *s = g_string_new (NULL);
  gint step = augur_finding_find_step (f, a->thread, a->event);
  const char *object = step >= 0 ? augur_finding_get_step (f, (guint) step)->object : NULL;
  if (object == NULL && augur_op_is_memory_access (a->op))
    object = augur_finding_get_object (f);
  g_autofree char *who = augur_thread_name (a->thread);
  g_string_append_printf (s, "%s: %s", who, augur_op_to_string (a->op));
  if (object != NULL)
    g_string_append_printf (s, " %s", object);
  if (a->locks_held[0] == NULL)
    g_string_append (s, ", no lock held");
  else
    {
      g_string_append (s, ", holding ");
      for (guint j = 0; a->locks_held[j] != NULL; j++)
        g_string_append_printf (s, "%s%s%s", j > 0 ? ", " : "", a->locks_held[j],
                                augur_report_lock_held_for_reading (f, a, a->locks_held[j])
                                  ? " (read)" : "");
    }
  return g_string_free (s, FALSE);
}

static char *
step_text (const AugurStep *s)
{
  GString *t = g_string_new (NULL);
  g_autofree char *who = augur_thread_name (s->thread);
  g_string_append_printf (t, "%s: %s", who, augur_op_to_string (s->op));
  if (s->object != NULL)
    g_string_append_printf (t, " %s", s->object);
  if (s->peer >= 0)
    {
      g_autofree char *peer = augur_thread_name ((guint) s->peer);
      g_string_append_printf (t, " (%s)", peer);
    }
  return g_string_free (t, FALSE);
}

/* A stable identity for CI deduplication: kind and sorted access locations. */
static char *
fingerprint (AugurFinding *f)
{
  g_autofree char *full = augur_finding_dup_full_kind (f);
  g_autoptr(GPtrArray) locs = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < augur_finding_get_n_accesses (f); i++)
    {
      const AugurAccess *a = augur_finding_get_access (f, i);
      g_ptr_array_add (locs, g_strdup_printf ("%s:%u", a->file ? a->file : "?", a->line));
    }
  augur_sort_strings (locs);
  GString *s = g_string_new (full);
  for (guint i = 0; i < locs->len; i++)
    g_string_append_printf (s, "|%s", (char *) g_ptr_array_index (locs, i));
  g_string_append_printf (s, "|%s",
                          augur_finding_get_object (f) ? augur_finding_get_object (f) : "");
  char *sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, s->str, -1);
  g_string_free (s, TRUE);
  return sum;
}

static void
add_code_flow (JsonBuilder *b, AugurFinding *f, const char *source_dir)
{
  g_autoptr(AugurReportRelevance) rel = augur_report_relevance_compute (f,
                                                                        AUGUR_REPORT_MAX_RELEVANT_STEPS);
  g_autoptr(GArray) view = augur_report_relevance_dup_view (rel);
  if (view->len == 0)
    return;

  /* Threads with a shown step, sorted. */
  g_autoptr(GArray) threads = augur_report_relevance_dup_view_threads (rel, view);

  augur_json_begin_array_member (b, "codeFlows");
  json_builder_begin_object (b);
  augur_sarif_add_message (b, "message", "The schedule that reproduces the bug.");
  augur_json_begin_array_member (b, "threadFlows");
  for (guint j = 0; j < threads->len; j++)
    {
      guint t = g_array_index (threads, guint, j);
      const char *fn = augur_report_thread_function (f, t);
      g_autofree char *id = g_strdup_printf ("T%u", t);
      g_autofree char *who = augur_thread_name (t);
      g_autofree char *msg = fn != NULL && strcmp (fn, who) != 0 ? g_strdup_printf ("%s (%s)", who,
                                                                                    fn)
                                                                  : g_strdup (who);
      json_builder_begin_object (b);
      augur_json_add_string (b, "id", id);
      augur_sarif_add_message (b, "message", msg);
      augur_json_begin_array_member (b, "locations");
      for (guint i = 0; i < view->len; i++)
        {
          guint st = g_array_index (view, guint, i);
          const AugurStep *s = augur_finding_get_step (f, st);
          if (s->thread != t)
            continue;
          g_autofree char *text = step_text (s);
          json_builder_begin_object (b);
          augur_json_begin_object_member (b, "location");
          add_physical_location (b, s->file, s->line, source_dir);
          add_logical_location (b, s->function);
          augur_sarif_add_message (b, "message", text);
          json_builder_end_object (b);
          augur_json_add_int (b, "executionOrder", st);
          augur_json_add_string (b, "importance", augur_finding_is_bug_step (f, st) ? "essential"
                         : augur_report_relevance_contains (rel, st) ? "important" : "unimportant");
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  json_builder_end_array (b);
}

static void
add_result (JsonBuilder *b, AugurFinding *f, gint rule_index, AugurReportDiagnosis *diagnosis,
            guint number, const char *source_dir)
{
  AugurFindingKind kind = augur_finding_get_kind (f);
  json_builder_begin_object (b);
  augur_json_add_string (b, "ruleId", augur_finding_kind_to_string (kind));
  augur_json_add_int (b, "ruleIndex", rule_index);
  augur_json_add_string (b, "kind", "fail");
  /* SARIF's levels are augur's severities */
  augur_json_add_string (b, "level", augur_severity_to_string (augur_finding_get_severity (f)));
  augur_sarif_add_message (b, "message", augur_finding_get_explanation (f));

  guint n_acc = augur_finding_get_n_accesses (f);
  augur_json_begin_array_member (b, "locations");
  if (n_acc > 0)
    {
      const AugurAccess *a = augur_finding_get_access (f, 0);
      g_autofree char *text = access_text (f, a);
      json_builder_begin_object (b);
      add_physical_location (b, a->file, a->line, source_dir);
      add_logical_location (b, a->function);
      augur_sarif_add_message (b, "message", text);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  if (n_acc > 0)
    {
      augur_json_begin_array_member (b, "relatedLocations");
      for (guint i = 0; i < n_acc; i++)
        {
          const AugurAccess *a = augur_finding_get_access (f, i);
          g_autofree char *text = access_text (f, a);
          json_builder_begin_object (b);
          augur_json_add_int (b, "id", i);
          add_physical_location (b, a->file, a->line, source_dir);
          add_logical_location (b, a->function);
          augur_sarif_add_message (b, "message", text);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
    }

  add_code_flow (b, f, source_dir);

  g_autofree char *fp = fingerprint (f);
  augur_json_begin_object_member (b, "partialFingerprints");
  augur_json_add_string (b, "augurFinding/v1", fp);
  json_builder_end_object (b);

  augur_json_begin_object_member (b, "properties");
  if (augur_finding_get_subkind (f) != NULL)
    augur_json_add_string (b, "subkind", augur_finding_get_subkind (f));
  if (augur_finding_get_object (f) != NULL)
    augur_json_add_string (b, "object", augur_finding_get_object (f));
  if (g_strcmp0 (augur_finding_get_object_id (f), augur_finding_get_object (f)) != 0)
    augur_json_add_string (b, "objectId", augur_finding_get_object_id (f));
  guint n_threads;
  const guint *threads = augur_finding_get_threads (f, &n_threads);
  augur_json_add_uint_array (b, "threads", threads, n_threads);
  if (augur_finding_get_replay (f) != NULL)
    augur_json_add_string (b, "replay", augur_finding_get_replay (f));
  /* the findings this bug is made of (the race behind an assertion ...) */
  if (augur_finding_get_n_parts (f) > 0)
    {
      augur_json_begin_array_member (b, "parts");
      for (guint i = 0; i < augur_finding_get_n_parts (f); i++)
        {
          AugurFinding *p = augur_finding_get_part (f, i);
          g_autofree char *part_kind = augur_finding_dup_full_kind (p);
          json_builder_begin_object (b);
          augur_json_add_string (b, "kind", part_kind);
          augur_json_add_string (b, "level", augur_severity_to_string (augur_finding_get_severity (p)));
          augur_json_add_string (b, "explanation", augur_finding_get_explanation (p));
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
    }
  json_builder_end_object (b);

  augur_report_sarif_add_fixes (b, diagnosis, number, source_dir);
  json_builder_end_object (b);
}

/* The driver's "rules": one per kind present (@rule_index is -1 for
 * absent kinds). */
static void
add_rules (JsonBuilder *b, const gint rule_index[AUGUR_FINDING_N_KINDS])
{
  augur_json_begin_array_member (b, "rules");
  for (guint k = 0; k < AUGUR_FINDING_N_KINDS; k++)
    {
      if (rule_index[k] < 0)
        continue;
      json_builder_begin_object (b);
      augur_json_add_string (b, "id", augur_finding_kind_to_string (k));
      augur_json_add_string (b, "name", rule_names[k]);
      augur_sarif_add_message (b, "shortDescription", augur_finding_kind_title (k));
      augur_sarif_add_message (b, "fullDescription", augur_finding_kind_description (k));
      augur_json_begin_object_member (b, "defaultConfiguration");
      augur_json_add_string (b, "level", augur_severity_to_string (augur_severity_default (k, NULL)));
      json_builder_end_object (b);
      augur_sarif_add_message (b, "help", augur_finding_kind_description (k));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

/* An analysis that was cut short, or did not cover everything, says so
 * to CI as a warning notification: no result is no clean bill then. */
static void
add_incompleteness (JsonBuilder *b, AugurResults *results)
{
  gboolean complete = TRUE;
  const char *how = NULL;
  gboolean said = augur_results_get_completeness (results, &complete, &how);
  const char *const *bounds = augur_results_get_bounds_hit (results);
  if ((!said || complete) && bounds[0] == NULL)
    return;
  GString *text = g_string_new (NULL);
  if (said && !complete)
    g_string_append_printf (text, "The analysis is %s.", how);
  else
    g_string_append (text, "The analysis was cut short.");
  if (bounds[0] != NULL)
    {
      g_string_append (text, " Bounds hit: ");
      for (guint i = 0; bounds[i] != NULL; i++)
        g_string_append_printf (text, "%s%s", i > 0 ? ", " : "", bounds[i]);
      g_string_append_c (text, '.');
    }
  g_string_append (text, " What was not explored may hide bugs.");
  augur_json_begin_array_member (b, "toolExecutionNotifications");
  json_builder_begin_object (b);
  augur_json_add_string (b, "level", "warning");
  augur_sarif_add_message (b, "message", text->str);
  json_builder_end_object (b);
  json_builder_end_array (b);
  g_string_free (text, TRUE);
}

/* The "invocations" member: the command line, when it ran, whether the
 * analysis was complete, and augur's own properties of the run. */
static void
add_invocations (JsonBuilder *b, AugurResults *results)
{
  augur_json_begin_array_member (b, "invocations");
  json_builder_begin_object (b);
  augur_json_add_bool (b, "executionSuccessful", TRUE);
  add_incompleteness (b, results);
  g_autofree char *command_line = augur_results_dup_command_line (results);
  if (command_line[0] != '\0')
    augur_json_add_string (b, "commandLine", command_line);
  GDateTime *started = augur_results_get_started (results);
  if (started != NULL)
    {
      g_autoptr(GDateTime) utc = g_date_time_to_utc (started);
      g_autoptr(GDateTime) end = g_date_time_add (utc,
                                                  (GTimeSpan) (augur_results_get_duration (results)
                                                                  * G_TIME_SPAN_SECOND));
      g_autofree char *s1 = g_date_time_format (utc, "%Y-%m-%dT%H:%M:%SZ");
      g_autofree char *s2 = g_date_time_format (end, "%Y-%m-%dT%H:%M:%SZ");
      augur_json_add_string (b, "startTimeUtc", s1);
      augur_json_add_string (b, "endTimeUtc", s2);
    }
  augur_json_begin_object_member (b, "properties");
  augur_json_add_string (b, "command", augur_results_get_command (results));
  if (augur_results_get_mode (results) != NULL)
    augur_json_add_string (b, "mode", augur_results_get_mode (results));
  augur_json_add_int (b, "executions", (gint64) augur_results_get_executions (results));
  json_builder_end_object (b);
  json_builder_end_object (b);
  json_builder_end_array (b);
}

char *
augur_report_sarif_to_data (AugurResults *results, const char *source_dir, gsize *length)
{
  return augur_report_sarif_to_data_diagnosed (results, NULL, source_dir, length);
}

char *
augur_report_sarif_to_data_diagnosed (AugurResults *results, AugurReportDiagnosis *diagnosis,
                                      const char *source_dir, gsize *length)
{
  g_return_val_if_fail (results != NULL, NULL);

  guint n = augur_results_get_n_findings (results);
  /* One rule per kind present, numbered in kind order; -1 for absent kinds. */
  gboolean present[AUGUR_FINDING_N_KINDS] = { FALSE };
  gint rule_index[AUGUR_FINDING_N_KINDS];
  for (guint i = 0; i < n; i++)
    present[augur_finding_get_kind (augur_results_get_finding (results, i))] = TRUE;
  gint next = 0;
  for (guint k = 0; k < AUGUR_FINDING_N_KINDS; k++)
    rule_index[k] = present[k] ? next++ : -1;

  g_autoptr(JsonBuilder) b = json_builder_new ();
  augur_sarif_begin_log (b);
  add_rules (b, rule_index);
  augur_sarif_end_tool (b);
  add_invocations (b, results);
  augur_sarif_add_uri_base_ids (b, source_dir);

  augur_json_begin_array_member (b, "results");
  for (guint i = 0; i < n; i++)
    {
      AugurFinding *f = augur_results_get_finding (results, i);
      add_result (b, f, rule_index[augur_finding_get_kind (f)], diagnosis, i + 1, source_dir);
    }
  json_builder_end_array (b);
  augur_sarif_end_log (b);

  return augur_json_builder_to_text (b, length);
}
