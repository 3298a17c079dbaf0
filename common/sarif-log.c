/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * sarif-log.c — the frame of a SARIF 2.1.0 log (see sarif-log.h).
 */
#include "config.h"

#include "common/sarif-log.h"

#include "common/json-util.h"

#include <string.h>

void
augur_sarif_begin_log (JsonBuilder *b)
{
  json_builder_begin_object (b);
  augur_json_add_string (b, "$schema", AUGUR_SARIF_SCHEMA_URI);
  augur_json_add_string (b, "version", "2.1.0");
  augur_json_begin_array_member (b, "runs");
  json_builder_begin_object (b);
  augur_json_begin_object_member (b, "tool");
  augur_json_begin_object_member (b, "driver");
  augur_json_add_string (b, "name", "augur");
  augur_json_add_string (b, "version", PACKAGE_VERSION);
  augur_json_add_string (b, "semanticVersion", PACKAGE_VERSION);
}

void
augur_sarif_end_tool (JsonBuilder *b)
{
  json_builder_end_object (b);
  json_builder_end_object (b);
}

void
augur_sarif_end_log (JsonBuilder *b)
{
  json_builder_end_object (b);
  json_builder_end_array (b);
  json_builder_end_object (b);
}

void
augur_sarif_add_message (JsonBuilder *b, const char *name, const char *text)
{
  augur_json_begin_object_member (b, name);
  augur_json_add_string (b, "text", text);
  json_builder_end_object (b);
}

void
augur_sarif_add_deleted_region (JsonBuilder *b, guint line, guint n_deleted)
{
  augur_json_begin_object_member (b, "deletedRegion");
  augur_json_add_int (b, "startLine", line);
  augur_json_add_int (b, "startColumn", 1);
  augur_json_add_int (b, "endLine", line + n_deleted);
  augur_json_add_int (b, "endColumn", 1);
  json_builder_end_object (b);
}

/* @path as a URI path: RFC 3986's unreserved characters and '/' as they
 * are, every other byte percent-escaped. */
static char *
escape_path (const char *path)
{
  return g_uri_escape_string (path, "/", FALSE);
}

/* "file://" and the escaped absolute @path. */
static char *
file_uri (const char *path)
{
  g_autofree char *escaped = escape_path (path);
  return g_strconcat ("file://", escaped, NULL);
}

/* The rest of @path after the directory @root and a '/', or NULL when
 * @path is not under @root (both canonical). */
static const char *
path_under (const char *path, const char *root)
{
  gsize n = strlen (root);
  if (n > 0 && root[n - 1] == '/')
    n--;
  if (strncmp (path, root, n) != 0 || path[n] != '/' || path[n + 1] == '\0')
    return NULL;
  return path + n + 1;
}

void
augur_sarif_add_artifact_location (JsonBuilder *b, const char *file, const char *source_dir)
{
  g_autofree char *root = source_dir != NULL ? g_canonicalize_filename (source_dir, NULL) : NULL;
  g_autofree char *abs = NULL;
  const char *rel = NULL;
  if (root != NULL)
    {
      abs = g_canonicalize_filename (file, root);
      rel = path_under (abs, root);
    }
  else if (g_path_is_absolute (file))
    abs = g_canonicalize_filename (file, NULL);
  else
    rel = file;
  augur_json_begin_object_member (b, "artifactLocation");
  g_autofree char *uri = rel != NULL ? escape_path (rel) : file_uri (abs);
  augur_json_add_string (b, "uri", uri);
  if (rel != NULL)
    augur_json_add_string (b, "uriBaseId", "SRCROOT");
  json_builder_end_object (b);
}

void
augur_sarif_add_uri_base_ids (JsonBuilder *b, const char *source_dir)
{
  if (source_dir == NULL)
    return;
  g_autofree char *root = g_canonicalize_filename (source_dir, NULL);
  g_autofree char *with_slash = g_str_has_suffix (root, "/") ? g_strdup (root)
                                                             : g_strconcat (root, "/", NULL);
  g_autofree char *uri = file_uri (with_slash);
  augur_json_begin_object_member (b, "originalUriBaseIds");
  augur_json_begin_object_member (b, "SRCROOT");
  augur_json_add_string (b, "uri", uri);
  json_builder_end_object (b);
  json_builder_end_object (b);
}
