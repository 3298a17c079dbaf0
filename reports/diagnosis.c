/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * diagnosis.c — reading diagnosis.json for the reports (diagnosis.h).
 */
#include "config.h"

#include "reports/diagnosis.h"

#include "reports/report-error.h"

#include "common/json-input.h"
#include "common/json-util.h"

struct _AugurReportDiagnosis {
  JsonParser *parser;
  JsonObject *root;   /* of parser */
};

AugurReportDiagnosis *
augur_report_diagnosis_load (const char *path, GError **error)
{
  g_autoptr (JsonParser) parser = augur_json_parse_input (path, "diagnosis", AUGUR_REPORT_ERROR,
                                                          AUGUR_REPORT_ERROR_INPUT, error);
  if (parser == NULL)
    return NULL;
  JsonNode *root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root)
      || g_strcmp0 (augur_json_member_string (json_node_get_object (root), "schema"),
                    "augur-diagnosis/1") != 0)
    {
      g_set_error (error, AUGUR_REPORT_ERROR, AUGUR_REPORT_ERROR_INPUT,
                   "%s is not a diagnosis (schema augur-diagnosis/1): write one with "
                   "augur diagnose", path);
      return NULL;
    }
  AugurReportDiagnosis *d = g_new0 (AugurReportDiagnosis, 1);
  d->root = json_node_get_object (root);
  d->parser = g_steal_pointer (&parser);
  return d;
}

void
augur_report_diagnosis_free (AugurReportDiagnosis *d)
{
  if (d == NULL)
    return;
  g_clear_object (&d->parser);
  g_free (d);
}

char *
augur_report_diagnosis_beside (const char *results_path)
{
  g_autofree char *dir = g_path_get_dirname (results_path);
  char *p = g_build_filename (dir, "diagnosis.json", NULL);
  if (g_file_test (p, G_FILE_TEST_IS_REGULAR))
    return p;
  g_free (p);
  return NULL;
}

guint
augur_report_diagnosis_match (AugurReportDiagnosis *d, AugurResults *results)
{
  JsonArray *fs = augur_json_member_array (d->root, "findings");
  if (fs == NULL)
    return 0;
  guint n_results = augur_results_get_n_findings (results);
  guint dropped = 0;
  for (guint i = json_array_get_length (fs); i-- > 0;)
    {
      JsonObject *f = augur_json_element_object (fs, i);
      gint64 number = f != NULL ? json_object_get_int_member_with_default (f, "finding", 0) : 0;
      const char *kind = f != NULL ? json_object_get_string_member_with_default (f, "kind", NULL)
                                   : NULL;
      if (number >= 1 && number <= n_results
          && g_strcmp0 (kind, augur_finding_kind_to_string (augur_finding_get_kind (
                                augur_results_get_finding (results, (guint) number - 1))))
               == 0)
        continue;
      json_array_remove_element (fs, i);
      dropped++;
    }
  return dropped;
}

const char *
augur_report_diagnosis_get_note (AugurReportDiagnosis *d)
{
  return json_object_get_string_member_with_default (d->root, "note", NULL);
}

JsonObject *
augur_report_diagnosis_get_finding (AugurReportDiagnosis *d, guint number)
{
  JsonArray *fs = augur_json_member_array (d->root, "findings");
  for (guint i = 0; fs != NULL && i < json_array_get_length (fs); i++)
    {
      JsonObject *f = augur_json_element_object (fs, i);
      if (f != NULL && json_object_get_int_member_with_default (f, "finding", 0) == (gint64) number)
        return f;
    }
  return NULL;
}

static void
read_event (JsonObject *pair, const char *name, AugurReportDiagEvent *ev)
{
  JsonObject *o = augur_json_member_object (pair, name);
  ev->thread = o != NULL ? (guint) json_object_get_int_member_with_default (o, "thread", 0) : 0;
  ev->op = o != NULL ? json_object_get_string_member_with_default (o, "op", "sync") : "sync";
  ev->file = o != NULL ? json_object_get_string_member_with_default (o, "file", NULL) : NULL;
  ev->line = o != NULL ? (guint) json_object_get_int_member_with_default (o, "line", 0) : 0;
}

void
augur_report_diagnosis_read_edge (JsonObject *pair, guint klass, AugurReportDiagEdge *e)
{
  read_event (pair, "before", &e->before);
  read_event (pair, "after", &e->after);
  e->text = json_object_get_string_member_with_default (pair, "text", "");
  e->klass = klass;
}

GArray *
augur_report_diagnosis_core_edges (AugurReportDiagnosis *d, guint number)
{
  GArray *out = g_array_new (FALSE, TRUE, sizeof (AugurReportDiagEdge));
  JsonObject *f = augur_report_diagnosis_get_finding (d, number);
  JsonArray *cl = augur_json_member_array (f, "classes");
  for (guint k = 0; cl != NULL && k < json_array_get_length (cl); k++)
    {
      JsonArray *core = augur_json_member_array (augur_json_element_object (cl, k), "core");
      for (guint i = 0; core != NULL && i < json_array_get_length (core); i++)
        {
          JsonObject *pair = augur_json_element_object (core, i);
          if (pair == NULL)
            continue;
          AugurReportDiagEdge e;
          augur_report_diagnosis_read_edge (pair, k + 1, &e);
          g_array_append_val (out, e);
        }
    }
  return out;
}
