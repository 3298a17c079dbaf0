/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * json-input.c — nesting depth checked before json-glib parses (see
 * json-input.h).
 */
#include "config.h"

#include "common/json-input.h"

#include "common/input-file.h"

#include <gio/gio.h>
#include <string.h>

/* The scan must never see less nesting than json-glib will: a region it
 * skips that json-glib does not skip could hide brackets.  So it skips
 * exactly the regions json-glib 1.6's scanner (a GScanner) skips --
 * strings in double quotes (with backslash escapes) or single quotes
 * (without), comments from '#' to the end of the line and between '/' '*'
 * and '*' '/' -- and counts brackets everywhere else.  json-glib stops at
 * a NUL byte; the scan goes on, which can only count more. */
gboolean
augur_json_check_depth (const char *data, gssize length, guint max_depth, GError **error)
{
  gsize len = length < 0 ? strlen (data) : (gsize) length;
  guint depth = 0;
  for (gsize i = 0; i < len; i++)
    {
      char c = data[i];
      switch (c)
        {
        case '"':
          for (i++; i < len && data[i] != '"'; i++)
            if (data[i] == '\\')
              i++;
          break;
        case '\'':
          for (i++; i < len && data[i] != '\''; i++)
            ;
          break;
        case '#':
          for (i++; i < len && data[i] != '\n'; i++)
            ;
          break;
        case '/':
          if (i + 1 < len && data[i + 1] == '*')
            {
              for (i += 2; i + 1 < len && !(data[i] == '*' && data[i + 1] == '/'); i++)
                ;
              i++;
            }
          break;
        case '[':
        case '{':
          if (++depth > max_depth)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           "JSON nested deeper than %u levels at byte %" G_GSIZE_FORMAT
                           "; augur's files nest a few levels: not a file augur wrote",
                           max_depth, i);
              return FALSE;
            }
          break;
        case ']':
        case '}':
          if (depth > 0)
            depth--;
          break;
        default:
          break;
        }
    }
  return TRUE;
}

JsonParser *
augur_json_parse (const char *data, gssize length, GError **error)
{
  if (!augur_json_check_depth (data, length, AUGUR_JSON_MAX_DEPTH, error))
    return NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  if (!json_parser_load_from_data (parser, data, length, error))
    return NULL;
  return g_steal_pointer (&parser);
}

JsonParser *
augur_json_parse_file (const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize length;
  if (!augur_input_file_read (path, AUGUR_INPUT_JSON_MAX_BYTES, &data, &length, error))
    return NULL;
  return augur_json_parse (data, (gssize) length, error);
}

JsonParser *
augur_json_parse_input (const char *path, const char *what, GQuark domain, gint code,
                        GError **error)
{
  g_autoptr (GError) local = NULL;
  JsonParser *parser = augur_json_parse_file (path, &local);
  if (parser == NULL)
    g_set_error (error, domain, code, "cannot read the %s %s: %s", what, path, local->message);
  return parser;
}
