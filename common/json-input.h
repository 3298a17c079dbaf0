/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * json-input.h — JSON read from files augur did not necessarily write
 * (results, predictions, static facts, diagnoses, compilation databases).
 *
 * json-glib parses recursively, one C stack frame per level of nesting,
 * with no limit: 100,000 nested '[' overflow the stack.  So the nesting is
 * measured first, by a scan that skips what json-glib 1.6's scanner skips
 * (double- and single-quoted strings, C comments and '#' lines), and data
 * nested deeper than AUGUR_JSON_MAX_DEPTH is refused before json-glib sees
 * it.  augur's own formats nest at most 6 levels.
 */
#ifndef AUGUR_JSON_INPUT_H
#define AUGUR_JSON_INPUT_H

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define AUGUR_JSON_MAX_DEPTH 64u

/* FALSE (G_IO_ERROR_INVALID_DATA, naming the byte offset) when data
 * nests arrays and objects deeper than max_depth.  length -1: up to the
 * first NUL. */
gboolean augur_json_check_depth (const char *data, gssize length, guint max_depth,
                                 GError **error);

/* A parser that holds data, once its depth is checked; NULL and the
 * parser's or the depth check's error otherwise. */
JsonParser *augur_json_parse (const char *data, gssize length, GError **error);

/* The same over the file at @path, read as untrusted input
 * (common/input-file.h: a regular file of at most
 * AUGUR_INPUT_JSON_MAX_BYTES; a FIFO or a device is refused, not read). */
JsonParser *augur_json_parse_file (const char *path, GError **error);

/* The same, its error said as "cannot read the WHAT PATH: why" in
 * domain and code (what: "diagnosis", "compilation database" ...). */
JsonParser *augur_json_parse_input (const char *path, const char *what, GQuark domain,
                                    gint code, GError **error);

G_END_DECLS

#endif /* AUGUR_JSON_INPUT_H */
