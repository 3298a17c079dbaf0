/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * json-util.c — json-glib helpers shared by augur's formats (see
 * json-util.h).
 */
#include "config.h"

#include "common/json-util.h"

#include "common/input-file.h"
#include "common/json-input.h"
#include "common/output-file.h"

/* ---- writing ---- */

void
augur_json_add_string (JsonBuilder *b, const char *name, const char *value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_string_value (b, value);
}

void
augur_json_add_opt_string (JsonBuilder *b, const char *name, const char *value)
{
  if (value != NULL)
    augur_json_add_string (b, name, value);
}

void
augur_json_add_int (JsonBuilder *b, const char *name, gint64 value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

void
augur_json_add_bool (JsonBuilder *b, const char *name, gboolean value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_boolean_value (b, value);
}

void
augur_json_add_strv (JsonBuilder *b, const char *name, char *const *v)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; v != NULL && v[i] != NULL; i++)
    json_builder_add_string_value (b, v[i]);
  json_builder_end_array (b);
}

void
augur_json_add_uint_array (JsonBuilder *b, const char *name, const guint *v, guint n)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    json_builder_add_int_value (b, v[i]);
  json_builder_end_array (b);
}

void
augur_json_begin_object_member (JsonBuilder *b, const char *name)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
}

void
augur_json_begin_array_member (JsonBuilder *b, const char *name)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
}

char *
augur_json_to_text (JsonNode *root, gboolean pretty, gsize *length)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  json_generator_set_pretty (gen, pretty);
  json_generator_set_indent (gen, 2);
  json_generator_set_root (gen, root);
  gsize len = 0;
  g_autofree char *text = json_generator_to_data (gen, &len);
  if (length != NULL)
    *length = len + 1;
  return g_strconcat (text, "\n", NULL);
}

char *
augur_json_builder_to_text (JsonBuilder *b, gsize *length)
{
  g_autoptr(JsonNode) root = json_builder_get_root (b);
  return augur_json_to_text (root, TRUE, length);
}

/* ---- reading ---- */

JsonObject *
augur_json_parse_object (const AugurJsonFormat *format, const char *data, gssize length,
                         JsonParser **parser, GError **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(JsonParser) p = augur_json_parse (data, length, &local);
  if (p == NULL)
    {
      g_set_error (error, format->domain (), format->parse_code, "not a %s (%s%s)", format->name,
                   local->domain == JSON_PARSER_ERROR ? "not JSON: " : "", local->message);
      return NULL;
    }
  JsonNode *root = json_parser_get_root (p);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, format->domain (), format->format_code,
                   "not a %s (the JSON is not an object)", format->name);
      return NULL;
    }
  *parser = g_steal_pointer (&p);
  return json_node_get_object (root);
}

gboolean
augur_json_invalid (const AugurJsonFormat *format, const char *where, const char *member,
                    const char *what, GError **error)
{
  g_set_error (error, format->domain (), format->invalid_code, "invalid %s: %s%smember '%s' %s",
               format->name, where ? where : "", where ? ": " : "", member, what);
  return FALSE;
}

/* The member's node: NULL (and TRUE) when it is absent, or null, and not
 * required. */
static gboolean
get_node (const AugurJsonFormat *format, JsonObject *o, const char *member, gboolean required,
          const char *where, JsonNodeType type, GType value_type, JsonNode **out,
          GError **error)
{
  JsonNode *n = json_object_get_member (o, member);
  *out = NULL;
  if (n == NULL || JSON_NODE_HOLDS_NULL (n))
    return !required || augur_json_invalid (format, where, member, "is missing", error);
  if (JSON_NODE_TYPE (n) != type
      || (type == JSON_NODE_VALUE && json_node_get_value_type (n) != value_type))
    return augur_json_invalid (format, where, member,
                               type == JSON_NODE_ARRAY ? "is not an array"
                               : type == JSON_NODE_OBJECT ? "is not an object"
                               : value_type == G_TYPE_STRING ? "is not a string"
                               : value_type == G_TYPE_BOOLEAN ? "is not a boolean"
                               : "is not an integer", error);
  *out = n;
  return TRUE;
}

gboolean
augur_json_get_string (const AugurJsonFormat *format, JsonObject *o, const char *member,
                       gboolean required, const char *where, const char **out, GError **error)
{
  JsonNode *n;
  *out = NULL;
  if (!get_node (format, o, member, required, where, JSON_NODE_VALUE, G_TYPE_STRING, &n, error))
    return FALSE;
  if (n != NULL)
    *out = json_node_get_string (n);
  return TRUE;
}

gboolean
augur_json_get_uint (const AugurJsonFormat *format, JsonObject *o, const char *member,
                     gboolean required, guint64 max, const char *where, guint64 *out,
                     GError **error)
{
  JsonNode *n;
  *out = 0;
  if (!get_node (format, o, member, required, where, JSON_NODE_VALUE, G_TYPE_INT64, &n, error))
    return FALSE;
  if (n == NULL)
    return TRUE;
  gint64 v = json_node_get_int (n);
  if (v < 0 || (guint64) v > max)
    return augur_json_invalid (format, where, member, "is out of range", error);
  *out = (guint64) v;
  return TRUE;
}

gboolean
augur_json_get_bool (const AugurJsonFormat *format, JsonObject *o, const char *member,
                     gboolean required, const char *where, gboolean *out, GError **error)
{
  JsonNode *n;
  *out = FALSE;
  if (!get_node (format, o, member, required, where, JSON_NODE_VALUE, G_TYPE_BOOLEAN, &n, error))
    return FALSE;
  if (n != NULL)
    *out = json_node_get_boolean (n);
  return TRUE;
}

gboolean
augur_json_get_array (const AugurJsonFormat *format, JsonObject *o, const char *member,
                      gboolean required, const char *where, JsonArray **out, GError **error)
{
  JsonNode *n;
  *out = NULL;
  if (!get_node (format, o, member, required, where, JSON_NODE_ARRAY, G_TYPE_INVALID, &n, error))
    return FALSE;
  if (n != NULL)
    *out = json_node_get_array (n);
  return TRUE;
}

gboolean
augur_json_get_object (const AugurJsonFormat *format, JsonObject *o, const char *member,
                       gboolean required, const char *where, JsonObject **out, GError **error)
{
  JsonNode *n;
  *out = NULL;
  if (!get_node (format, o, member, required, where, JSON_NODE_OBJECT, G_TYPE_INVALID, &n, error))
    return FALSE;
  if (n != NULL)
    *out = json_node_get_object (n);
  return TRUE;
}

gboolean
augur_json_get_strv (const AugurJsonFormat *format, JsonObject *o, const char *member,
                     gboolean required, const char *where, GStrv *out, GError **error)
{
  JsonArray *a;
  *out = NULL;
  if (!augur_json_get_array (format, o, member, required, where, &a, error))
    return FALSE;
  g_autoptr(GStrvBuilder) sb = g_strv_builder_new ();
  for (guint i = 0; a != NULL && i < json_array_get_length (a); i++)
    {
      JsonNode *n = json_array_get_element (a, i);
      if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING)
        return augur_json_invalid (format, where, member, "has an element that is not a string",
                                   error);
      g_strv_builder_add (sb, json_node_get_string (n));
    }
  *out = g_strv_builder_end (sb);
  return TRUE;
}

gboolean
augur_json_get_element_object (const AugurJsonFormat *format, JsonArray *a, guint i,
                               const char *where, const char *member, JsonObject **out,
                               GError **error)
{
  JsonNode *n = json_array_get_element (a, i);
  *out = NULL;
  if (!JSON_NODE_HOLDS_OBJECT (n))
    return augur_json_invalid (format, where, member, "has an element that is not an object",
                               error);
  *out = json_node_get_object (n);
  return TRUE;
}

gboolean
augur_json_get_element_uint (const AugurJsonFormat *format, JsonArray *a, guint i, guint64 limit,
                             const char *where, const char *member, const char *what,
                             guint64 *out, GError **error)
{
  JsonNode *n = json_array_get_element (a, i);
  *out = 0;
  if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_INT64
      || json_node_get_int (n) < 0 || (guint64) json_node_get_int (n) >= limit)
    {
      g_autofree char *msg = g_strconcat ("has an element that is not ", what, NULL);
      return augur_json_invalid (format, where, member, msg, error);
    }
  *out = (guint64) json_node_get_int (n);
  return TRUE;
}

const char *
augur_json_member_string (JsonObject *o, const char *member)
{
  JsonNode *n = o != NULL ? json_object_get_member (o, member) : NULL;
  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (n);
}

JsonArray *
augur_json_member_array (JsonObject *o, const char *member)
{
  JsonNode *n = o != NULL ? json_object_get_member (o, member) : NULL;
  return n != NULL && JSON_NODE_HOLDS_ARRAY (n) ? json_node_get_array (n) : NULL;
}

JsonObject *
augur_json_member_object (JsonObject *o, const char *member)
{
  JsonNode *n = o != NULL ? json_object_get_member (o, member) : NULL;
  return n != NULL && JSON_NODE_HOLDS_OBJECT (n) ? json_node_get_object (n) : NULL;
}

JsonObject *
augur_json_element_object (JsonArray *a, guint i)
{
  JsonNode *n = a != NULL && i < json_array_get_length (a) ? json_array_get_element (a, i) : NULL;
  return n != NULL && JSON_NODE_HOLDS_OBJECT (n) ? json_node_get_object (n) : NULL;
}

/* ---- files ---- */

gpointer
augur_json_load_file (const AugurJsonFormat *format, const char *path, AugurJsonLoadFunc load,
                      GError **error)
{
  g_autofree char *data = NULL;
  gsize len;
  g_autoptr(GError) local = NULL;
  if (!augur_input_file_read (path, AUGUR_INPUT_JSON_MAX_BYTES, &data, &len, &local))
    {
      g_set_error (error, format->domain (), format->io_code, "%s", local->message);
      return NULL;
    }
  gpointer loaded = load (data, (gssize) len, &local);
  if (loaded == NULL)
    g_set_error (error, format->domain (), local->code, "%s: %s", path, local->message);
  return loaded;
}

gboolean
augur_json_save_file (const AugurJsonFormat *format, const char *path, const char *text,
                      gsize length, GError **error)
{
  g_autoptr(GError) local = NULL;
  if (augur_output_file_write (path, text, length, &local))
    return TRUE;
  g_set_error (error, format->domain (), format->io_code, "cannot write the %s: %s",
               format->name, local->message);
  return FALSE;
}
