/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * sarif-fixes.c — verified repairs as SARIF fixes (sarif-fixes.h).
 */
#include "config.h"

#include "reports/sarif-fixes.h"

#include "common/json-util.h"
#include "common/sarif-log.h"

#include <stdlib.h>
#include <string.h>

/* One replacement: old lines [line, line + n_deleted) give way to @text. */
typedef struct {
  guint line;
  guint n_deleted;
  GString *text;
} Replacement;

typedef struct {
  char *uri;            /* the file, as the diff names it (relative to the source directory) */
  GArray *replacements; /* Replacement */
} Change;

static void
change_free (Change *c)
{
  for (guint i = 0; i < c->replacements->len; i++)
    g_string_free (g_array_index (c->replacements, Replacement, i).text, TRUE);
  g_array_unref (c->replacements);
  g_free (c->uri);
  g_free (c);
}

/* "b/dir/x.c\t..." -> "dir/x.c" */
static char *
path_of (const char *header)
{
  const char *p = header;
  if (g_str_has_prefix (p, "b/") || g_str_has_prefix (p, "a/"))
    p += 2;
  return g_strndup (p, strcspn (p, "\t"));
}

/* The changes of a unified diff, per file; NULL if it has none. */
static GPtrArray *
parse_patch (const char *patch, const char *fallback_file)
{
  GPtrArray *changes = g_ptr_array_new_with_free_func ((GDestroyNotify) change_free);
  g_auto (GStrv) lines = g_strsplit (patch, "\n", -1);
  Change *cur = NULL;
  guint old_line = 0;
  Replacement *open = NULL;   /* the run of -/+ lines being read */
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *l = lines[i];
      if (g_str_has_prefix (l, "+++ "))
        {
          cur = g_new0 (Change, 1);
          cur->uri = path_of (l + 4);
          if (cur->uri[0] == '\0' && fallback_file != NULL)
            {
              g_free (cur->uri);
              cur->uri = g_strdup (fallback_file);
            }
          cur->replacements = g_array_new (FALSE, TRUE, sizeof (Replacement));
          g_ptr_array_add (changes, cur);
          open = NULL;
        }
      else if (g_str_has_prefix (l, "--- "))
        open = NULL;
      else if (g_str_has_prefix (l, "@@ -"))
        {
          old_line = (guint) strtoul (l + 4, NULL, 10);
          open = NULL;
        }
      else if (cur != NULL && old_line > 0 && (l[0] == '-' || l[0] == '+'))
        {
          if (open == NULL)
            {
              Replacement r = { .line = old_line, .n_deleted = 0, .text = g_string_new (NULL) };
              g_array_append_val (cur->replacements, r);
              open = &g_array_index (cur->replacements, Replacement, cur->replacements->len - 1);
            }
          if (l[0] == '-')
            {
              open->n_deleted++;
              old_line++;
            }
          else
            g_string_append_printf (open->text, "%s\n", l + 1);
        }
      else if (cur != NULL && old_line > 0 && l[0] == ' ')
        {
          open = NULL;
          old_line++;
        }
      else if (l[0] == '\\')
        ;   /* "\ No newline at end of file" */
      else
        open = NULL;
    }
  if (changes->len == 0)
    {
      g_ptr_array_unref (changes);
      return NULL;
    }
  return changes;
}

static gboolean
verified (JsonObject *r)
{
  return r != NULL
         && g_strcmp0 (json_object_get_string_member_with_default (r, "verdict", NULL),
                       "verified") == 0
         && json_object_get_string_member_with_default (r, "patch", NULL) != NULL;
}

static JsonArray *
repairs_of (AugurReportDiagnosis *d, guint number)
{
  JsonObject *f = d != NULL ? augur_report_diagnosis_get_finding (d, number) : NULL;
  return augur_json_member_array (f, "repairs");
}

guint
augur_report_sarif_n_fixes (AugurReportDiagnosis *d, guint number)
{
  JsonArray *rs = repairs_of (d, number);
  guint n = 0;
  for (guint k = 0; rs != NULL && k < json_array_get_length (rs); k++)
    if (verified (augur_json_element_object (rs, k)))
      n++;
  return n;
}

static void
add_change (JsonBuilder *b, const Change *c, const char *source_dir)
{
  json_builder_begin_object (b);
  augur_sarif_add_artifact_location (b, c->uri, source_dir);
  json_builder_set_member_name (b, "replacements");
  json_builder_begin_array (b);
  for (guint i = 0; i < c->replacements->len; i++)
    {
      const Replacement *r = &g_array_index (c->replacements, Replacement, i);
      json_builder_begin_object (b);
      augur_sarif_add_deleted_region (b, r->line, r->n_deleted);
      if (r->text->len > 0)
        augur_sarif_add_message (b, "insertedContent", r->text->str);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

void
augur_report_sarif_add_fixes (JsonBuilder *b, AugurReportDiagnosis *d, guint number,
                              const char *source_dir)
{
  if (augur_report_sarif_n_fixes (d, number) == 0)
    return;
  JsonArray *rs = repairs_of (d, number);
  json_builder_set_member_name (b, "fixes");
  json_builder_begin_array (b);
  for (guint k = 0; k < json_array_get_length (rs); k++)
    {
      JsonObject *r = augur_json_element_object (rs, k);
      if (!verified (r))
        continue;
      g_autoptr (GPtrArray) changes =
        parse_patch (json_object_get_string_member (r, "patch"),
                     json_object_get_string_member_with_default (r, "file", NULL));
      if (changes == NULL)
        continue;
      json_builder_begin_object (b);
      const char *summary = json_object_get_string_member_with_default (r, "summary", "a repair");
      const char *how = json_object_get_string_member_with_default (r, "verification", NULL);
      g_autofree char *desc = how != NULL ? g_strdup_printf ("%s (%s)", summary, how)
                                          : g_strdup (summary);
      augur_sarif_add_message (b, "description", desc);
      json_builder_set_member_name (b, "artifactChanges");
      json_builder_begin_array (b);
      for (guint i = 0; i < changes->len; i++)
        add_change (b, g_ptr_array_index (changes, i), source_dir);
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}
