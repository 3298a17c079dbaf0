/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-compile-db.c — compile units, and the compile_commands.json
 * format: an array of {directory, file, command | arguments} objects.
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "common/json-input.h"
#include "common/json-util.h"
#include "common/output-file.h"
#include "static/static-compile-db.h"
#include "static/static-error.h"

AugurStaticCompileUnit *
augur_static_compile_unit_new (const char *directory, const char *file,
                               const char *const *arguments)
{
  g_return_val_if_fail (directory != NULL && file != NULL, NULL);

  AugurStaticCompileUnit *u = g_new0 (AugurStaticCompileUnit, 1);
  u->directory = g_canonicalize_filename (directory, NULL);
  u->file = g_canonicalize_filename (file, u->directory);
  u->arguments = arguments != NULL ? g_strdupv ((char **) arguments) : g_new0 (char *, 1);
  return u;
}

AugurStaticCompileUnit *
augur_static_compile_unit_copy (const AugurStaticCompileUnit *unit)
{
  return augur_static_compile_unit_new (unit->directory, unit->file,
                                        (const char *const *) unit->arguments);
}

void
augur_static_compile_unit_free (AugurStaticCompileUnit *unit)
{
  if (unit == NULL)
    return;
  g_free (unit->directory);
  g_free (unit->file);
  g_strfreev (unit->arguments);
  g_free (unit);
}

/* The entry's argv: its "arguments" array, or its "command" split as the
 * shell would; NULL when neither is usable. */
static char **
entry_arguments (JsonObject *o)
{
  JsonArray *a = augur_json_member_array (o, "arguments");
  if (a != NULL)
    {
      g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
      for (guint i = 0; i < json_array_get_length (a); i++)
        {
          JsonNode *e = json_array_get_element (a, i);
          if (!JSON_NODE_HOLDS_VALUE (e) || json_node_get_value_type (e) != G_TYPE_STRING)
            return NULL;
          g_strv_builder_add (b, json_node_get_string (e));
        }
      return g_strv_builder_end (b);
    }
  const char *command = augur_json_member_string (o, "command");
  char **argv = NULL;
  if (command != NULL && !g_shell_parse_argv (command, NULL, &argv, NULL))
    return g_new0 (char *, 1);   /* an empty command line */
  return argv;
}

GPtrArray *
augur_static_compile_db_load (const char *path, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);

  g_autoptr(JsonParser) parser = augur_json_parse_input (path, "compilation database",
                                                         AUGUR_STATIC_ERROR,
                                                         AUGUR_STATIC_ERROR_INPUT, error);
  if (parser == NULL)
    return NULL;
  JsonNode *root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_ARRAY (root))
    {
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_INPUT,
                   "%s is not a compilation database (not a JSON array)", path);
      return NULL;
    }
  JsonArray *a = json_node_get_array (root);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) units =
    g_ptr_array_new_with_free_func ((GDestroyNotify) augur_static_compile_unit_free);
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      JsonObject *o = augur_json_element_object (a, i);
      const char *dir = augur_json_member_string (o, "directory");
      const char *file = augur_json_member_string (o, "file");
      g_auto(GStrv) args = o != NULL ? entry_arguments (o) : NULL;
      if (dir == NULL || file == NULL || args == NULL)
        {
          g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_INPUT,
                       "%s: entry %u is not a compile command (it needs directory, file "
                       "and command or arguments)", path, i);
          return NULL;
        }
      if (!g_str_has_suffix (file, ".c"))
        continue;
      AugurStaticCompileUnit *u =
        augur_static_compile_unit_new (dir, file, (const char *const *) args);
      if (!g_hash_table_add (seen, u->file))
        {
          augur_static_compile_unit_free (u);
          continue;
        }
      g_ptr_array_add (units, u);
    }
  return g_steal_pointer (&units);
}

char **
augur_static_compile_db_sources (const char *path, GError **error)
{
  g_autoptr(GPtrArray) units = augur_static_compile_db_load (path, error);
  if (units == NULL)
    return NULL;
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
  for (guint i = 0; i < units->len; i++)
    g_strv_builder_add (b, ((AugurStaticCompileUnit *) units->pdata[i])->file);
  return g_strv_builder_end (b);
}

const AugurStaticCompileUnit *
augur_static_compile_db_find (GPtrArray *units, const char *file)
{
  if (units == NULL)
    return NULL;
  g_autofree char *canon = g_canonicalize_filename (file, NULL);
  for (guint i = 0; i < units->len; i++)
    {
      const AugurStaticCompileUnit *u = units->pdata[i];
      if (strcmp (u->file, canon) == 0)
        return u;
    }
  return NULL;
}

gboolean
augur_static_compile_db_save (GPtrArray *units, const char *path, GError **error)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  json_builder_begin_array (b);
  for (guint i = 0; i < units->len; i++)
    {
      const AugurStaticCompileUnit *u = units->pdata[i];
      json_builder_begin_object (b);
      augur_json_add_string (b, "directory", u->directory);
      augur_json_add_string (b, "file", u->file);
      augur_json_begin_array_member (b, "arguments");
      if (u->arguments[0] == NULL)
        json_builder_add_string_value (b, "cc");
      for (guint k = 0; u->arguments[k] != NULL; k++)
        json_builder_add_string_value (b, u->arguments[k]);
      json_builder_add_string_value (b, "-c");
      json_builder_add_string_value (b, u->file);
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  g_autoptr(JsonNode) root = json_builder_get_root (b);
  gsize len = 0;
  g_autofree char *text = augur_json_to_text (root, TRUE, &len);
  g_autoptr(GError) local = NULL;
  if (!augur_output_file_write (path, text, len, &local))
    {
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_IO,
                   "cannot write the compilation database %s: %s", path, local->message);
      return FALSE;
    }
  return TRUE;
}
