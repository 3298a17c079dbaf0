/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-compile-db.c — list the sources of a compile_commands.json: an
 * array of {directory, file, command | arguments} objects.
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "static/static-compile-db.h"
#include "static/static-error.h"

static const char *
member_string (JsonObject *o, const char *name)
{
  JsonNode *n = json_object_get_member (o, name);
  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (n);
}

char **
augur_static_compile_db_sources (const char *path, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);

  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) local = NULL;
  if (!json_parser_load_from_file (parser, path, &local))
    {
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_INPUT,
                   "cannot read the compilation database %s: %s", path, local->message);
      return NULL;
    }
  JsonNode *root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_ARRAY (root))
    {
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_INPUT,
                   "%s is not a compilation database (not a JSON array)", path);
      return NULL;
    }
  JsonArray *a = json_node_get_array (root);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GStrvBuilder) out = g_strv_builder_new ();
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      JsonNode *n = json_array_get_element (a, i);
      JsonObject *o = JSON_NODE_HOLDS_OBJECT (n) ? json_node_get_object (n) : NULL;
      const char *dir = o != NULL ? member_string (o, "directory") : NULL;
      const char *file = o != NULL ? member_string (o, "file") : NULL;
      if (dir == NULL || file == NULL
          || (!json_object_has_member (o, "command") && !json_object_has_member (o, "arguments")))
        {
          g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_INPUT,
                       "%s: entry %u is not a compile command (it needs directory, file "
                       "and command or arguments)", path, i);
          return NULL;
        }
      if (!g_str_has_suffix (file, ".c"))
        continue;
      char *abs = g_canonicalize_filename (file, dir);
      if (g_hash_table_add (seen, abs))
        g_strv_builder_add (out, abs);
    }
  return g_strv_builder_end (out);
}
