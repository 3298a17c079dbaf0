/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * json-path.c — what the shell tests read from a results file:
 *
 *   json-path FILE EXPRESSION
 *
 * prints each value EXPRESSION (JSONPath, as json-glib's JsonPath reads
 * it: "$.executions", "$.findings[*].kind", "$.analysis.complete")
 * selects in FILE, one a line: a string as it is, a number or a boolean as
 * JSON writes it, an object or an array as compact JSON.  Nothing when it
 * selects nothing; exit status 2 when FILE or EXPRESSION cannot be read.
 * So that a test checks the results file's fields, not the lines augur
 * happens to print.
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <stdio.h>

static void
print_value (JsonNode *n)
{
  if (JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING)
    {
      puts (json_node_get_string (n));
      return;
    }
  g_autofree char *text = json_to_string (n, FALSE);
  puts (text);
}

int
main (int argc, char **argv)
{
  if (argc != 3)
    {
      g_printerr ("usage: json-path FILE EXPRESSION\n");
      return 2;
    }
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonPath) path = json_path_new ();
  if (!json_parser_load_from_file (parser, argv[1], &error)
      || !json_path_compile (path, argv[2], &error))
    {
      g_printerr ("json-path: %s\n", error->message);
      return 2;
    }
  g_autoptr(JsonNode) matches = json_path_match (path, json_parser_get_root (parser));
  JsonArray *a = json_node_get_array (matches);
  for (guint i = 0; i < json_array_get_length (a); i++)
    print_value (json_array_get_element (a, i));
  return 0;
}
