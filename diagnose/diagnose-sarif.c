/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * diagnose-sarif.c — the diagnosis as SARIF 2.1.0 (`augur diagnose
 * --sarif FILE`): one result per diagnosed failure, its message the root
 * cause, and each VERIFIED repair as a fix whose artifactChanges insert
 * the repair's lines (a replacement with an empty deletedRegion at the
 * start of the line it goes before).  Repairs that were rejected or not
 * verified are not offered as fixes: a code-scanning tool may apply a fix
 * with one click.
 */
#include "config.h"

#include "diagnose/diagnose.h"

#include <json-glib/json-glib.h>

#include "common/json-util.h"
#include "common/sarif-log.h"


/* "Root cause (class 1 of 2): A before B, and C before D. ..." */
static char *
root_cause_text (AugurDiagFinding *f)
{
  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "%s at %s", f->kind, f->site != NULL ? f->site : "?");
  for (guint k = 0; k < f->classes->len; k++)
    {
      AugurDiagClass *c = g_ptr_array_index (f->classes, k);
      g_string_append_printf (s, "%s (class %u of %u): ", k == 0 ? ". Root cause" : "; root cause", k + 1,
                              f->classes->len);
      for (guint i = 0; i < c->core.core->len; i++)
        {
          g_autofree char *p = augur_diag_pair_describe (c->trace,
                                                         &g_array_index (c->core.core, AugurDiagPair, i),
                                                         "before");
          g_string_append_printf (s, "%s%s", i == 0 ? "" : ", and ", p);
        }
    }
  g_string_append_c (s, '.');
  return g_string_free (s, FALSE);
}

static void
fix (JsonBuilder *b, AugurDiagRepair *r, const char *source_dir)
{
  json_builder_begin_object (b);
  g_autofree char *desc = g_strdup_printf ("%s (%s)", r->summary, r->verification);
  augur_sarif_add_message (b, "description", desc);
  augur_json_begin_array_member (b, "artifactChanges");
  json_builder_begin_object (b);
  augur_sarif_add_artifact_location (b, r->source != NULL ? r->source : r->rel, source_dir);
  augur_json_begin_array_member (b, "replacements");
  for (guint i = 0; i < r->insertions->len; i++)
    {
      AugurDiagInsertion *in = g_ptr_array_index (r->insertions, i);
      json_builder_begin_object (b);
      augur_sarif_add_deleted_region (b, in->line, 0);
      augur_sarif_add_message (b, "insertedContent", in->text);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  json_builder_end_array (b);
  json_builder_end_object (b);
}

static void
result (JsonBuilder *b, AugurDiagFinding *f, const char *source_dir)
{
  json_builder_begin_object (b);
  augur_json_add_string (b, "ruleId", f->kind);
  augur_json_add_string (b, "level", "error");
  g_autofree char *text = root_cause_text (f);
  augur_sarif_add_message (b, "message", text);
  if (f->file != NULL)
    {
      augur_json_begin_array_member (b, "locations");
      json_builder_begin_object (b);
      augur_json_begin_object_member (b, "physicalLocation");
      augur_sarif_add_artifact_location (b, f->file, source_dir);
      if (f->line != 0)
        {
          augur_json_begin_object_member (b, "region");
          augur_json_add_int (b, "startLine", f->line);
          json_builder_end_object (b);
        }
      json_builder_end_object (b);
      json_builder_end_object (b);
      json_builder_end_array (b);
    }
  augur_json_begin_array_member (b, "fixes");
  for (guint i = 0; i < f->repairs->len; i++)
    {
      AugurDiagRepair *r = g_ptr_array_index (f->repairs, i);
      if (r->verdict == AUGUR_DIAG_VERIFIED && r->insertions != NULL)
        fix (b, r, source_dir);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

gboolean
augur_diag_save_sarif (GPtrArray *findings, const char *source_dir, const char *path,
                       GError **error)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  augur_sarif_begin_log (b);
  augur_sarif_end_tool (b);
  augur_sarif_add_uri_base_ids (b, source_dir);
  augur_json_begin_array_member (b, "results");
  for (guint i = 0; i < findings->len; i++)
    {
      AugurDiagFinding *f = g_ptr_array_index (findings, i);
      if (f->diagnosed)
        result (b, f, source_dir);
    }
  json_builder_end_array (b);
  augur_sarif_end_log (b);
  return augur_diag_write_json (b, path, error);
}
