/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * results-json.c — the results in JSON, schema "augur-results/1", read and
 * written with json-glib.
 *
 * Writing is deterministic: members in a fixed order, findings and static
 * candidates sorted, durations as integer milliseconds (a double would
 * print as 0.10000000000000001), pretty-printed with a final newline.
 * Reading checks every member it uses and names the place of a bad one
 * ("finding 2, schedule step 5: member 'op' ...").
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "common/json-util.h"
#include "common/results.h"
#include "common/results-private.h"
#include "common/schedule-pack.h"
#include "common/source-label.h"

/* Its name and error codes, for common/json-util. */
static const AugurJsonFormat format = {
  .name = "results file", .domain = augur_results_error_quark,
  .parse_code = AUGUR_RESULTS_ERROR_PARSE, .format_code = AUGUR_RESULTS_ERROR_SCHEMA,
  .invalid_code = AUGUR_RESULTS_ERROR_INVALID, .io_code = AUGUR_RESULTS_ERROR_IO,
};

/* ---- JSON writing ---- */

/* Where in the source: file, line and function, each when known. */
static void
add_place (JsonBuilder *b, const char *file, guint line, const char *function)
{
  augur_json_add_opt_string (b, "file", file);
  if (line != 0)
    augur_json_add_int (b, "line", line);
  augur_json_add_opt_string (b, "function", function);
}

/* A schedule as a JSON array of step objects (the short ones). */
static void
add_schedule (JsonBuilder *b, AugurFinding *f)
{
  augur_json_begin_array_member (b, "schedule");
  for (guint i = 0; i < f->steps->len; i++)
    {
      const AugurStep *s = &g_array_index (f->steps, AugurStep, i);
      json_builder_begin_object (b);
      augur_json_add_int (b, "thread", s->thread);
      augur_json_add_int (b, "event", (gint64) s->event);
      augur_json_add_opt_string (b, "op", augur_op_to_string (s->op));
      augur_json_add_opt_string (b, "object", s->object);
      if (s->peer >= 0)
        augur_json_add_int (b, "peer", s->peer);
      add_place (b, s->file, s->line, s->function);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
add_finding (JsonBuilder *b, AugurFinding *f)
{
  json_builder_begin_object (b);
  augur_json_add_opt_string (b, "kind", augur_finding_kind_to_string (f->kind));
  augur_json_add_opt_string (b, "subkind", f->subkind);
  augur_json_add_opt_string (b, "severity", augur_severity_to_string (f->severity));
  augur_json_add_opt_string (b, "explanation", f->explanation);
  augur_json_add_opt_string (b, "object", f->object);
  augur_json_add_opt_string (b, "object_id", f->object_id);
  augur_json_add_opt_string (b, "object_kind", f->object_kind);

  augur_json_add_uint_array (b, "threads", (const guint *) f->threads->data, f->threads->len);

  augur_json_begin_array_member (b, "accesses");
  for (guint i = 0; i < f->accesses->len; i++)
    {
      const AugurAccess *a = &g_array_index (f->accesses, AugurAccess, i);
      json_builder_begin_object (b);
      augur_json_add_int (b, "thread", a->thread);
      augur_json_add_int (b, "event", (gint64) a->event);
      augur_json_add_opt_string (b, "op", augur_op_to_string (a->op));
      add_place (b, a->file, a->line, a->function);
      augur_json_add_strv (b, "locks_held", a->locks_held);
      if (a->n_callers > 0)
        {
          augur_json_begin_array_member (b, "callers");
          for (guint j = 0; j < a->n_callers; j++)
            {
              json_builder_begin_object (b);
              add_place (b, a->callers[j].file, a->callers[j].line, a->callers[j].function);
              json_builder_end_object (b);
            }
          json_builder_end_array (b);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  if (f->steps->len > AUGUR_SCHEDULE_PACK_MIN_STEPS)
    {
      /* 25 MB of JSON objects for 100,000 steps, some 100 KB packed */
      g_autofree char *data = augur_schedule_pack_encode (f);
      augur_json_begin_object_member (b, "schedule_packed");
      augur_json_add_int (b, "steps", f->steps->len);
      augur_json_add_opt_string (b, "encoding", AUGUR_SCHEDULE_PACK_ENCODING);
      augur_json_add_opt_string (b, "data", data);
      json_builder_end_object (b);
    }
  else
    add_schedule (b, f);

  augur_json_add_uint_array (b, "bug_steps", (const guint *) f->bug_steps->data,
                             f->bug_steps->len);

  augur_json_add_opt_string (b, "replay", f->replay);
  if (f->pattern != NULL)
    {
      augur_json_begin_object_member (b, "prediction");
      augur_json_add_opt_string (b, "pattern", f->pattern);
      augur_json_add_opt_string (b, "answer", f->answer);
      if (f->cls >= 0)
        augur_json_add_opt_string (b, "class", augur_prediction_class_to_string (f->cls));
      json_builder_end_object (b);
    }
  if (f->parts->len > 0)
    {
      augur_json_begin_array_member (b, "parts");
      for (guint i = 0; i < f->parts->len; i++)
        add_finding (b, g_ptr_array_index (f->parts, i));
      json_builder_end_array (b);
    }
  json_builder_end_object (b);
}

char *
augur_results_to_data (AugurResults *results, gsize *length)
{
  g_return_val_if_fail (results != NULL, NULL);
  augur_results_sort_findings_ (results);

  g_autoptr(JsonBuilder) b = json_builder_new ();
  json_builder_begin_object (b);
  augur_json_add_opt_string (b, "schema", AUGUR_RESULTS_SCHEMA);
  augur_json_add_opt_string (b, "program", results->program);
  /* argv and bounds_hit are NULL-terminated */
  augur_json_add_strv (b, "argv", (char *const *) results->argv->pdata);
  augur_json_add_opt_string (b, "command", results->command);
  augur_json_add_opt_string (b, "mode", results->mode);
  if (results->malloc_reuse)
    {
      json_builder_set_member_name (b, "malloc_reuse");
      json_builder_add_boolean_value (b, TRUE);
    }
  augur_json_add_opt_string (b, "source_dir", results->source_dir);
  if (results->started != NULL)
    {
      g_autofree char *iso = g_date_time_format_iso8601 (results->started);
      augur_json_add_opt_string (b, "started", iso);
    }
  /* Milliseconds as an integer: doubles would print as 0.10000000000000001. */
  augur_json_add_int (b, "duration_ms", (gint64) (results->duration * 1000.0 + 0.5));
  augur_json_add_int (b, "executions", (gint64) results->executions);

  augur_json_add_strv (b, "bounds_hit", (char *const *) results->bounds_hit->pdata);

  if (results->complete >= 0)
    {
      /* how far the analysis got: only when a writer said so */
      augur_json_begin_object_member (b, "analysis");
      augur_json_add_bool (b, "complete", results->complete == 1);
      augur_json_add_opt_string (b, "summary", results->completeness);
      augur_json_begin_array_member (b, "strategies");
      for (guint i = 0; i < results->strategies->len; i++)
        {
          const AugurStrategy *s = &g_array_index (results->strategies, AugurStrategy, i);
          json_builder_begin_object (b);
          augur_json_add_opt_string (b, "name", s->name);
          augur_json_add_opt_string (b, "guarantee", s->guarantee);
          augur_json_add_int (b, "executions", (gint64) s->executions);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }

  augur_json_begin_array_member (b, "predictions");
  g_autoptr(GArray) counts = augur_results_dup_prediction_counts (results);
  for (guint i = 0; i < counts->len; i++)
    {
      const AugurPredictionCount *pc = &g_array_index (counts, AugurPredictionCount, i);
      json_builder_begin_object (b);
      augur_json_add_opt_string (b, "kind", augur_finding_kind_to_string (pc->kind));
      augur_json_add_opt_string (b, "class", augur_prediction_class_to_string (pc->cls));
      augur_json_add_int (b, "count", (gint64) pc->count);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  augur_json_begin_array_member (b, "static_candidates");
  for (guint i = 0; i < results->candidates->len; i++)
    {
      const AugurStaticCandidate *c = &g_array_index (results->candidates, AugurStaticCandidate, i);
      json_builder_begin_object (b);
      augur_json_add_opt_string (b, "object", c->object);
      augur_json_add_opt_string (b, "file_a", c->file_a);
      augur_json_add_int (b, "line_a", c->line_a);
      augur_json_add_opt_string (b, "file_b", c->file_b);
      augur_json_add_int (b, "line_b", c->line_b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  augur_json_begin_array_member (b, "findings");
  for (guint i = 0; i < results->findings->len; i++)
    add_finding (b, g_ptr_array_index (results->findings, i));
  json_builder_end_array (b);
  json_builder_end_object (b);

  return augur_json_builder_to_text (b, length);
}

gboolean
augur_results_save (AugurResults *results, const char *path, GError **error)
{
  gsize len;
  g_autofree char *data = augur_results_to_data (results, &len);
  return augur_json_save_file (&format, path, data, len, error);
}

/* ---- JSON reading ---- */


/* Every reader helper names the place of a bad member ("finding 2, step 5")
 * so that the error message says where to look. */

static gboolean
parse_op (JsonObject *o, const char *where, AugurOp *op, GError **error)
{
  const char *s;
  if (!augur_json_get_string (&format, o, "op", TRUE, where, &s, error))
    return FALSE;
  if (!augur_op_from_string (s, op))
    return augur_json_invalid (&format, where, "op", "names an unknown operation", error);
  return TRUE;
}

/* The optional file, line and function of @o; the file is registered
 * for the labels of messages (source-label.h). */
static gboolean
get_place (JsonObject *o, const char *where, const char **file, guint64 *line,
           const char **function, GError **error)
{
  if (!augur_json_get_string (&format, o, "file", FALSE, where, file, error)
      || !augur_json_get_uint (&format, o, "line", FALSE, G_MAXUINT32, where, line, error)
      || !augur_json_get_string (&format, o, "function", FALSE, where, function, error))
    return FALSE;
  /* the files of the findings read back name each other in messages */
  augur_source_label_register (*file);
  return TRUE;
}

/* The optional "callers" of access @a, the last one added to @f. */
static gboolean
read_callers (AugurFinding *f, JsonObject *a, const char *where, GError **error)
{
  JsonArray *arr;
  if (!augur_json_get_array (&format, a, "callers", FALSE, where, &arr, error))
    return FALSE;
  if (arr == NULL || json_array_get_length (arr) == 0)
    return TRUE;
  guint n = json_array_get_length (arr);
  g_autofree AugurFrame *frames = g_new0 (AugurFrame, n);
  for (guint i = 0; i < n; i++)
    {
      JsonObject *c;
      guint64 line = 0;
      const char *file = NULL, *function = NULL;
      if (!augur_json_get_element_object (&format, arr, i, where, "callers", &c, error)
          || !get_place (c, where, &file, &line, &function, error))
        return FALSE;
      frames[i].file = (char *) file;
      frames[i].line = (guint) line;
      frames[i].function = (char *) function;
    }
  augur_finding_set_access_callers (f, augur_finding_get_n_accesses (f) - 1, frames, n);
  return TRUE;
}

/* A schedule packed (common/schedule-pack.h), appended to @f. */
static gboolean
parse_packed (AugurFinding *f, JsonNode *n, const char *where, GError **error)
{
  if (!JSON_NODE_HOLDS_OBJECT (n))
    return augur_json_invalid (&format, where, "schedule_packed", "is not an object", error);
  JsonObject *o = json_node_get_object (n);
  guint64 n_steps;
  const char *encoding, *data;
  if (!augur_json_get_uint (&format, o, "steps", TRUE, AUGUR_SCHEDULE_PACK_MAX_STEPS, where,
                            &n_steps, error)
      || !augur_json_get_string (&format, o, "encoding", TRUE, where, &encoding, error)
      || !augur_json_get_string (&format, o, "data", TRUE, where, &data, error))
    return FALSE;
  if (strcmp (encoding, AUGUR_SCHEDULE_PACK_ENCODING) != 0)
    return augur_json_invalid (&format, where, "schedule_packed.encoding",
                               "is not " AUGUR_SCHEDULE_PACK_ENCODING
                               " (written by a newer augur?)", error);
  if (!augur_schedule_pack_decode (f, data, (guint) n_steps, error))
    {
      g_prefix_error (error, "invalid results file: %s: ", where);
      return FALSE;
    }
  return TRUE;
}

/* @parent: the finding's place when it is a part ("finding 2"), else NULL. */
/* A new finding from the scalar members of @o: kind, subkind, severity,
 * explanation, object, object_id, object_kind, replay. */
static AugurFinding *
parse_finding_head (JsonObject *o, const char *where, GError **error)
{
  const char *kind_s, *subkind, *explanation, *object, *object_kind, *replay, *severity_s,
    *object_id;
  AugurFindingKind kind;
  AugurSeverity severity;

  if (!augur_json_get_string (&format, o, "kind", TRUE, where, &kind_s, error)
      || !augur_json_get_string (&format, o, "subkind", FALSE, where, &subkind, error)
      || !augur_json_get_string (&format, o, "severity", FALSE, where, &severity_s, error)
      || !augur_json_get_string (&format, o, "explanation", TRUE, where, &explanation, error)
      || !augur_json_get_string (&format, o, "object", FALSE, where, &object, error)
      || !augur_json_get_string (&format, o, "object_id", FALSE, where, &object_id, error)
      || !augur_json_get_string (&format, o, "object_kind", FALSE, where, &object_kind, error)
      || !augur_json_get_string (&format, o, "replay", FALSE, where, &replay, error))
    return NULL;
  if (!augur_finding_kind_from_string (kind_s, &kind))
    {
      augur_json_invalid (&format, where, "kind", "names an unknown kind of finding", error);
      return NULL;
    }
  if (severity_s != NULL && !augur_severity_from_string (severity_s, &severity))
    {
      augur_json_invalid (&format, where, "severity", "is not error, warning or note", error);
      return NULL;
    }

  AugurFinding *f = augur_finding_new (kind, subkind, explanation);
  augur_finding_set_object (f, object, object_kind);
  augur_finding_set_object_id (f, object_id);
  augur_finding_set_replay (f, replay);
  if (severity_s != NULL)
    augur_finding_set_severity (f, severity);
  return f;
}

/* The "threads" of a finding: thread ids. */
static gboolean
parse_threads (AugurFinding *f, JsonArray *threads, const char *where, GError **error)
{
  for (guint i = 0; i < json_array_get_length (threads); i++)
    {
      guint64 thread;
      if (!augur_json_get_element_uint (&format, threads, i, (guint64) G_MAXUINT32 + 1, where,
                                        "threads", "a thread id", &thread, error))
        return FALSE;
      augur_finding_add_thread (f, (guint) thread);
    }
  return TRUE;
}

/* The "accesses" of a finding, each with its callers. */
static gboolean
parse_accesses (AugurFinding *f, JsonArray *accesses, const char *where, GError **error)
{
  for (guint i = 0; i < json_array_get_length (accesses); i++)
    {
      g_autofree char *w = g_strdup_printf ("%s, access %u", where, i + 1);
      JsonObject *a;
      guint64 thread, event, line;
      AugurOp op;
      const char *file, *function;
      g_auto(GStrv) locks = NULL;
      if (!augur_json_get_element_object (&format, accesses, i, where, "accesses", &a, error)
          || !augur_json_get_uint (&format, a, "thread", TRUE, G_MAXUINT32, w, &thread, error)
          || !augur_json_get_uint (&format, a, "event", TRUE, G_MAXINT64, w, &event, error)
          || !parse_op (a, w, &op, error)
          || !get_place (a, w, &file, &line, &function, error)
          || !augur_json_get_strv (&format, a, "locks_held", FALSE, w, &locks, error))
        return FALSE;
      augur_finding_add_access (f, (guint) thread, event, op, file, (guint) line, function,
                                (const char *const *) locks);
      if (!read_callers (f, a, w, error))
        return FALSE;
    }
  return TRUE;
}

/* The "schedule" of a finding, unpacked: one object per step. */
static gboolean
parse_schedule (AugurFinding *f, JsonArray *schedule, const char *where, GError **error)
{
  for (guint i = 0; i < json_array_get_length (schedule); i++)
    {
      g_autofree char *w = g_strdup_printf ("%s, schedule step %u", where, i);
      JsonObject *s;
      guint64 thread, event, line, peer;
      AugurOp op;
      const char *file, *function, *obj;
      if (!augur_json_get_element_object (&format, schedule, i, where, "schedule", &s, error)
          || !augur_json_get_uint (&format, s, "thread", TRUE, G_MAXUINT32, w, &thread, error)
          || !augur_json_get_uint (&format, s, "event", TRUE, G_MAXINT64, w, &event, error)
          || !parse_op (s, w, &op, error)
          || !augur_json_get_string (&format, s, "object", FALSE, w, &obj, error)
          || !augur_json_get_uint (&format, s, "peer", FALSE, G_MAXINT32, w, &peer, error)
          || !get_place (s, w, &file, &line, &function, error))
        return FALSE;
      JsonNode *peer_node = json_object_get_member (s, "peer");
      gint peer_id = peer_node != NULL && !JSON_NODE_HOLDS_NULL (peer_node) ? (gint) peer : -1;
      augur_finding_add_step (f, (guint) thread, event, op, obj, peer_id, file, (guint) line,
                              function);
    }
  return TRUE;
}

/* The "bug_steps" of a finding: steps of its schedule. */
static gboolean
parse_bug_steps (AugurFinding *f, JsonArray *bug_steps, const char *where, GError **error)
{
  for (guint i = 0; i < json_array_get_length (bug_steps); i++)
    {
      guint64 step;
      if (!augur_json_get_element_uint (&format, bug_steps, i, augur_finding_get_n_steps (f),
                                        where, "bug_steps", "a step of the schedule", &step,
                                        error))
        return FALSE;
      augur_finding_mark_bug_step (f, (guint) step);
    }
  return TRUE;
}

/* The optional "prediction" of a finding: pattern, answer and class. */
static gboolean
parse_prediction (AugurFinding *f, JsonObject *o, const char *where, GError **error)
{
  JsonObject *po;
  const char *pattern, *answer;
  if (!augur_json_get_object (&format, o, "prediction", FALSE, where, &po, error))
    return FALSE;
  if (po == NULL)
    return TRUE;
  if (!augur_json_get_string (&format, po, "pattern", TRUE, where, &pattern, error)
      || !augur_json_get_string (&format, po, "answer", TRUE, where, &answer, error))
    return FALSE;
  augur_finding_set_prediction (f, pattern, answer);
  const char *class_s;
  AugurPredictionClass cls;
  if (!augur_json_get_string (&format, po, "class", FALSE, where, &class_s, error))
    return FALSE;
  if (class_s != NULL && !augur_prediction_class_from_string (class_s, &cls))
    return augur_json_invalid (&format, where, "prediction.class", "is not a prediction class",
                               error);
  if (class_s != NULL)
    augur_finding_set_prediction_class (f, cls);
  return TRUE;
}

static AugurFinding *parse_finding (JsonObject *o, const char *parent, guint index,
                                    GError **error);

/* Element @i of array @member: a finding, or a part of finding @parent. */
static AugurFinding *
parse_finding_element (JsonArray *a, guint i, const char *parent, const char *member,
                       GError **error)
{
  JsonObject *o;
  if (!augur_json_get_element_object (&format, a, i, parent, member, &o, error))
    return NULL;
  return parse_finding (o, parent, i, error);
}

/* The optional "parts" of a finding (@parent: NULL unless @f is itself a
 * part, which may have none). */
static gboolean
parse_parts (AugurFinding *f, JsonObject *o, const char *parent, const char *where,
             GError **error)
{
  JsonArray *parts;
  if (!augur_json_get_array (&format, o, "parts", FALSE, where, &parts, error))
    return FALSE;
  if (parts != NULL && parent != NULL)
    return augur_json_invalid (&format, where, "parts",
                               "is not allowed in a part (parts are one level deep)", error);
  for (guint i = 0; parts != NULL && i < json_array_get_length (parts); i++)
    {
      g_autoptr(AugurFinding) part = parse_finding_element (parts, i, where, "parts", error);
      if (part == NULL)
        return FALSE;
      augur_finding_add_part (f, part);
    }
  return TRUE;
}

/* @parent: the finding's place when it is a part ("finding 2"), else NULL. */
static AugurFinding *
parse_finding (JsonObject *o, const char *parent, guint index, GError **error)
{
  g_autofree char *where = parent != NULL ? g_strdup_printf ("%s, part %u", parent, index + 1)
                                          : g_strdup_printf ("finding %u", index + 1);
  g_autoptr(AugurFinding) f = parse_finding_head (o, where, error);
  if (f == NULL)
    return NULL;

  JsonArray *threads, *accesses, *schedule, *bug_steps;
  JsonNode *packed = json_object_get_member (o, "schedule_packed");
  gboolean is_packed = packed != NULL && !JSON_NODE_HOLDS_NULL (packed);
  if (!augur_json_get_array (&format, o, "threads", TRUE, where, &threads, error)
      || !augur_json_get_array (&format, o, "accesses", TRUE, where, &accesses, error)
      || !augur_json_get_array (&format, o, "schedule", !is_packed, where, &schedule, error)
      || !augur_json_get_array (&format, o, "bug_steps", TRUE, where, &bug_steps, error))
    return NULL;
  if (!parse_threads (f, threads, where, error) || !parse_accesses (f, accesses, where, error))
    return NULL;
  if (is_packed && schedule != NULL)
    {
      augur_json_invalid (&format, where, "schedule",
                          "is given twice (schedule and schedule_packed)", error);
      return NULL;
    }
  if (is_packed && !parse_packed (f, packed, where, error))
    return NULL;
  if (schedule != NULL && !parse_schedule (f, schedule, where, error))
    return NULL;
  if (!parse_bug_steps (f, bug_steps, where, error)
      || !parse_prediction (f, o, where, error)
      || !parse_parts (f, o, parent, where, error))
    return NULL;
  return g_steal_pointer (&f);
}

/* The optional "analysis" member (augur_results_set_completeness). */
static gboolean
parse_analysis (AugurResults *r, JsonObject *root, GError **error)
{
  JsonObject *a;
  if (!augur_json_get_object (&format, root, "analysis", FALSE, NULL, &a, error))
    return FALSE;
  if (a == NULL)
    return TRUE;
  JsonNode *c = json_object_get_member (a, "complete");
  if (c == NULL || !JSON_NODE_HOLDS_VALUE (c) || json_node_get_value_type (c) != G_TYPE_BOOLEAN)
    return augur_json_invalid (&format, "analysis", "complete", "is not true or false", error);
  const char *summary;
  JsonArray *strategies;
  if (!augur_json_get_string (&format, a, "summary", TRUE, "analysis", &summary, error)
      || !augur_json_get_array (&format, a, "strategies", FALSE, "analysis", &strategies, error))
    return FALSE;
  augur_results_set_completeness (r, json_node_get_boolean (c), summary);
  for (guint i = 0; strategies != NULL && i < json_array_get_length (strategies); i++)
    {
      g_autofree char *w = g_strdup_printf ("analysis, strategy %u", i + 1);
      JsonObject *s;
      const char *name, *guarantee;
      guint64 executions;
      if (!augur_json_get_element_object (&format, strategies, i, "analysis", "strategies", &s,
                                          error)
          || !augur_json_get_string (&format, s, "name", TRUE, w, &name, error)
          || !augur_json_get_string (&format, s, "guarantee", TRUE, w, &guarantee, error)
          || !augur_json_get_uint (&format, s, "executions", TRUE, G_MAXINT64, w, &executions,
                                   error))
        return FALSE;
      augur_results_add_strategy (r, name, guarantee, executions);
    }
  return TRUE;
}

static gboolean
parse_results_body (AugurResults *r, JsonObject *root, GError **error)
{
  const char *mode, *source_dir, *started;
  gboolean reuse = FALSE;
  guint64 duration_ms, executions;
  g_auto(GStrv) argv = NULL, bounds = NULL;
  JsonArray *predictions, *candidates, *findings;

  if (!augur_json_get_strv (&format, root, "argv", TRUE, NULL, &argv, error)
      || !augur_json_get_string (&format, root, "mode", FALSE, NULL, &mode, error)
      || !augur_json_get_bool (&format, root, "malloc_reuse", FALSE, NULL, &reuse, error)
      || !augur_json_get_string (&format, root, "source_dir", FALSE, NULL, &source_dir, error)
      || !augur_json_get_string (&format, root, "started", FALSE, NULL, &started, error)
      || !augur_json_get_uint (&format, root, "duration_ms", TRUE, G_MAXINT64, NULL, &duration_ms,
                               error)
      || !augur_json_get_uint (&format, root, "executions", TRUE, G_MAXINT64, NULL, &executions,
                               error)
      || !augur_json_get_strv (&format, root, "bounds_hit", FALSE, NULL, &bounds, error)
      || !augur_json_get_array (&format, root, "predictions", FALSE, NULL, &predictions, error)
      || !augur_json_get_array (&format, root, "static_candidates", FALSE, NULL, &candidates, error)
      || !augur_json_get_array (&format, root, "findings", TRUE, NULL, &findings, error))
    return FALSE;

  augur_results_set_argv (r, (const char *const *) argv);
  augur_results_set_mode (r, mode);
  augur_results_set_malloc_reuse (r, reuse);
  augur_results_set_source_dir (r, source_dir);
  if (started != NULL)
    {
      g_autoptr(GDateTime) dt = g_date_time_new_from_iso8601 (started, NULL);
      if (dt == NULL)
        return augur_json_invalid (&format, NULL, "started",
                                   "is not an ISO 8601 date with a time zone", error);
      augur_results_set_started (r, dt);
    }
  augur_results_set_duration (r, (double) duration_ms / 1000.0);
  augur_results_set_executions (r, executions);
  for (guint i = 0; bounds != NULL && bounds[i] != NULL; i++)
    augur_results_add_bound_hit (r, bounds[i]);
  if (!parse_analysis (r, root, error))
    return FALSE;

  for (guint i = 0; predictions != NULL && i < json_array_get_length (predictions); i++)
    {
      g_autofree char *w = g_strdup_printf ("prediction %u", i + 1);
      JsonObject *p;
      const char *kind_s, *class_s;
      guint64 count;
      AugurFindingKind kind;
      AugurPredictionClass cls;
      if (!augur_json_get_element_object (&format, predictions, i, NULL, "predictions", &p, error)
          || !augur_json_get_string (&format, p, "kind", TRUE, w, &kind_s, error)
          || !augur_json_get_string (&format, p, "class", TRUE, w, &class_s, error)
          || !augur_json_get_uint (&format, p, "count", TRUE, G_MAXINT64, w, &count, error))
        return FALSE;
      if (!augur_finding_kind_from_string (kind_s, &kind))
        return augur_json_invalid (&format, w, "kind", "names an unknown kind of finding", error);
      if (!augur_prediction_class_from_string (class_s, &cls))
        return augur_json_invalid (&format, w, "class", "is not harmful, benign or not-realisable",
                                   error);
      augur_results_add_predictions (r, kind, cls, count);
    }

  for (guint i = 0; candidates != NULL && i < json_array_get_length (candidates); i++)
    {
      g_autofree char *w = g_strdup_printf ("static candidate %u", i + 1);
      JsonObject *c;
      const char *object, *file_a, *file_b;
      guint64 line_a, line_b;
      if (!augur_json_get_element_object (&format, candidates, i, NULL, "static_candidates", &c,
                                          error)
          || !augur_json_get_string (&format, c, "object", FALSE, w, &object, error)
          || !augur_json_get_string (&format, c, "file_a", TRUE, w, &file_a, error)
          || !augur_json_get_uint (&format, c, "line_a", TRUE, G_MAXUINT32, w, &line_a, error)
          || !augur_json_get_string (&format, c, "file_b", TRUE, w, &file_b, error)
          || !augur_json_get_uint (&format, c, "line_b", TRUE, G_MAXUINT32, w, &line_b, error))
        return FALSE;
      augur_results_add_static_candidate (r, object, file_a, (guint) line_a, file_b,
                                          (guint) line_b);
    }

  for (guint i = 0; i < json_array_get_length (findings); i++)
    {
      g_autoptr(AugurFinding) f = parse_finding_element (findings, i, NULL, "findings", error);
      if (f == NULL)
        return FALSE;
      augur_results_add_finding (r, f);
    }
  return TRUE;
}

AugurResults *
augur_results_load_from_data (const char *data, gssize length, GError **error)
{
  g_return_val_if_fail (data != NULL, NULL);

  g_autoptr(JsonParser) parser = NULL;
  JsonObject *o = augur_json_parse_object (&format, data, length, &parser, error);
  if (o == NULL)
    return NULL;
  const char *schema = json_object_has_member (o, "schema")
                       ? json_node_get_string (json_object_get_member (o, "schema")) : NULL;
  if (g_strcmp0 (schema, AUGUR_RESULTS_SCHEMA) != 0)
    {
      g_set_error (error, AUGUR_RESULTS_ERROR, AUGUR_RESULTS_ERROR_SCHEMA,
                   "not an %s results file (schema is %s%s%s); it may come from another "
                   "version of augur", AUGUR_RESULTS_SCHEMA, schema ? "'" : "",
                   schema ? schema : "missing", schema ? "'" : "");
      return NULL;
    }

  const char *program, *command;
  if (!augur_json_get_string (&format, o, "program", TRUE, NULL, &program, error)
      || !augur_json_get_string (&format, o, "command", TRUE, NULL, &command, error))
    return NULL;
  g_autoptr(AugurResults) r = augur_results_new (program, command);
  if (!parse_results_body (r, o, error))
    return NULL;
  return g_steal_pointer (&r);
}

AugurResults *
augur_results_load (const char *path, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  return augur_json_load_file (&format, path, (AugurJsonLoadFunc) augur_results_load_from_data,
                               error);
}
