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
#include <stdlib.h>
#include <string.h>

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"

static void
member_string (JsonBuilder *b, const char *name, const char *value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_string_value (b, value);
}

static void
member_message (JsonBuilder *b, const char *name, const char *text)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  member_string (b, "text", text);
  json_builder_end_object (b);
}

static void
member_region_at (JsonBuilder *b, const char *name, guint line, gboolean empty)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "startLine");
  json_builder_add_int_value (b, line);
  if (empty)
    {
      json_builder_set_member_name (b, "startColumn");
      json_builder_add_int_value (b, 1);
      json_builder_set_member_name (b, "endLine");
      json_builder_add_int_value (b, line);
      json_builder_set_member_name (b, "endColumn");
      json_builder_add_int_value (b, 1);
    }
  json_builder_end_object (b);
}

static void
artifact (JsonBuilder *b, const char *uri)
{
  json_builder_set_member_name (b, "artifactLocation");
  json_builder_begin_object (b);
  member_string (b, "uri", uri);
  json_builder_end_object (b);
}

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
                                                         &g_array_index (c->core.core, AugurDiagPair, i));
          g_string_append_printf (s, "%s%s", i == 0 ? "" : ", and ", p);
        }
    }
  g_string_append_c (s, '.');
  return g_string_free (s, FALSE);
}

static void
fix (JsonBuilder *b, AugurDiagRepair *r)
{
  json_builder_begin_object (b);
  g_autofree char *desc = g_strdup_printf ("%s (%s)", r->summary, r->verification);
  member_message (b, "description", desc);
  json_builder_set_member_name (b, "artifactChanges");
  json_builder_begin_array (b);
  json_builder_begin_object (b);
  artifact (b, r->rel);
  json_builder_set_member_name (b, "replacements");
  json_builder_begin_array (b);
  for (guint i = 0; i < r->insertions->len; i++)
    {
      AugurDiagInsertion *in = g_ptr_array_index (r->insertions, i);
      json_builder_begin_object (b);
      member_region_at (b, "deletedRegion", in->line, TRUE);
      json_builder_set_member_name (b, "insertedContent");
      json_builder_begin_object (b);
      member_string (b, "text", in->text);
      json_builder_end_object (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  json_builder_end_array (b);
  json_builder_end_object (b);
}

static void
result (JsonBuilder *b, AugurDiagFinding *f)
{
  json_builder_begin_object (b);
  member_string (b, "ruleId", f->kind);
  member_string (b, "level", "error");
  g_autofree char *text = root_cause_text (f);
  member_message (b, "message", text);
  if (f->site != NULL && strchr (f->site, ':') != NULL)
    {
      g_autofree char *file = g_strndup (f->site, strrchr (f->site, ':') - f->site);
      json_builder_set_member_name (b, "locations");
      json_builder_begin_array (b);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "physicalLocation");
      json_builder_begin_object (b);
      artifact (b, file);
      member_region_at (b, "region", (guint) strtoul (strrchr (f->site, ':') + 1, NULL, 10), FALSE);
      json_builder_end_object (b);
      json_builder_end_object (b);
      json_builder_end_array (b);
    }
  json_builder_set_member_name (b, "fixes");
  json_builder_begin_array (b);
  for (guint i = 0; i < f->repairs->len; i++)
    {
      AugurDiagRepair *r = g_ptr_array_index (f->repairs, i);
      if (r->verdict == AUGUR_DIAG_VERIFIED && r->insertions != NULL)
        fix (b, r);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

gboolean
augur_diag_save_sarif (GPtrArray *findings, const char *path, GError **error)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  json_builder_begin_object (b);
  member_string (b, "$schema", SARIF_SCHEMA);
  member_string (b, "version", "2.1.0");
  json_builder_set_member_name (b, "runs");
  json_builder_begin_array (b);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "tool");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "driver");
  json_builder_begin_object (b);
  member_string (b, "name", "augur");
  member_string (b, "version", PACKAGE_VERSION);
  member_string (b, "semanticVersion", PACKAGE_VERSION);
  json_builder_end_object (b);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "results");
  json_builder_begin_array (b);
  for (guint i = 0; i < findings->len; i++)
    {
      AugurDiagFinding *f = g_ptr_array_index (findings, i);
      if (f->diagnosed)
        result (b, f);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  json_builder_end_array (b);
  json_builder_end_object (b);
  g_autoptr (JsonGenerator) g = json_generator_new ();
  g_autoptr (JsonNode) root = json_builder_get_root (b);
  json_generator_set_root (g, root);
  json_generator_set_pretty (g, TRUE);
  return json_generator_to_file (g, path, error);
}
