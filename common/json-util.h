/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * json-util.h — the small json-glib helpers augur's formats share: members
 * written with a JsonBuilder, a document turned into text, and members read
 * with a check of their type.
 *
 * The results file (common/results-json.c), the static facts
 * (static/static-facts-json.c) and SARIF (reports/sarif.c) are written the
 * same way: members set one by one, then the document pretty-printed with
 * a final newline.  The readers check every member they use (a file augur
 * did not necessarily write: a person may have edited it) and say where a
 * bad one is ("findings[2]: member 'line' is not an integer"); each format
 * names itself and its error codes in an AugurJsonFormat.  A JSON null
 * counts as a missing member.
 */
#ifndef AUGUR_JSON_UTIL_H
#define AUGUR_JSON_UTIL_H

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* ---- writing ---- */

void augur_json_add_string (JsonBuilder *b, const char *name, const char *value);
/* Nothing when value is NULL. */
void augur_json_add_opt_string (JsonBuilder *b, const char *name, const char *value);
void augur_json_add_int (JsonBuilder *b, const char *name, gint64 value);
void augur_json_add_bool (JsonBuilder *b, const char *name, gboolean value);
/* An array of strings; v NULL: an empty array. */
void augur_json_add_strv (JsonBuilder *b, const char *name, char *const *v);
/* An array of the n numbers of v (thread ids, step indexes ...). */
void augur_json_add_uint_array (JsonBuilder *b, const char *name, const guint *v, guint n);

/* Starts member name's object or array (ended by json_builder_end_*). */
void augur_json_begin_object_member (JsonBuilder *b, const char *name);
void augur_json_begin_array_member (JsonBuilder *b, const char *name);

/* The document root as text and a final newline (owned by the caller);
 * pretty: indented by two spaces, else on one line.  length: strlen. */
char *augur_json_to_text (JsonNode *root, gboolean pretty, gsize *length);
/* The same for what b built. */
char *augur_json_builder_to_text (JsonBuilder *b, gsize *length);

/* ---- reading ---- */

typedef struct {
  const char *name;   /* "results file": what the messages call it */
  GQuark (*domain) (void);   /* the error quark function */
  gint parse_code;    /* not JSON, or nested too deep */
  gint format_code;   /* JSON, but its root is not an object */
  gint invalid_code;  /* a member missing or not of its type */
  gint io_code;       /* the file cannot be read or written */
} AugurJsonFormat;

/* What reads a document of the format from its text. */
typedef gpointer (*AugurJsonLoadFunc) (const char *data, gssize length, GError **error);

/* path read (common/input-file.h: at most AUGUR_INPUT_JSON_MAX_BYTES, a
 * regular file) and given to load; its errors are prefixed with path. */
gpointer augur_json_load_file (const AugurJsonFormat *format, const char *path,
                               AugurJsonLoadFunc load, GError **error);
/* text written to path whole or not at all (common/output-file.h). */
gboolean augur_json_save_file (const AugurJsonFormat *format, const char *path,
                               const char *text, gsize length, GError **error);

/* The root object of data; *parser holds it (owned by the caller). */
JsonObject *augur_json_parse_object (const AugurJsonFormat *format, const char *data,
                                     gssize length, JsonParser **parser, GError **error);

/* Always FALSE, with "invalid <format>: <where>: member '<member>' <what>". */
gboolean augur_json_invalid (const AugurJsonFormat *format, const char *where,
                             const char *member, const char *what, GError **error);

/* Each sets *out (borrowed from o) when the member is there and of its
 * type; absent and not required: TRUE with *out NULL (or 0).  where may be
 * NULL (the root). */
gboolean augur_json_get_string (const AugurJsonFormat *format, JsonObject *o, const char *member,
                                gboolean required, const char *where, const char **out,
                                GError **error);
/* An integer from 0 to max. */
gboolean augur_json_get_uint (const AugurJsonFormat *format, JsonObject *o, const char *member,
                              gboolean required, guint64 max, const char *where, guint64 *out,
                              GError **error);
gboolean augur_json_get_bool (const AugurJsonFormat *format, JsonObject *o, const char *member,
                              gboolean required, const char *where, gboolean *out,
                              GError **error);
gboolean augur_json_get_array (const AugurJsonFormat *format, JsonObject *o, const char *member,
                               gboolean required, const char *where, JsonArray **out,
                               GError **error);
gboolean augur_json_get_object (const AugurJsonFormat *format, JsonObject *o, const char *member,
                                gboolean required, const char *where, JsonObject **out,
                                GError **error);
/* An array of strings, NULL-terminated and owned by the caller. */
gboolean augur_json_get_strv (const AugurJsonFormat *format, JsonObject *o, const char *member,
                              gboolean required, const char *where, GStrv *out,
                              GError **error);

/* Element i of array member (read from where), when it is an object;
 * otherwise FALSE with "member '<member>' has an element that is not an
 * object". */
gboolean augur_json_get_element_object (const AugurJsonFormat *format, JsonArray *a, guint i,
                                        const char *where, const char *member, JsonObject **out,
                                        GError **error);
/* Element i of array member, when it is an integer from 0 to below limit;
 * otherwise FALSE with "member '<member>' has an element that is not <what>". */
gboolean augur_json_get_element_uint (const AugurJsonFormat *format, JsonArray *a, guint i,
                                      guint64 limit, const char *where, const char *member,
                                      const char *what, guint64 *out, GError **error);
/* Lenient readers, for a file whose every part is optional (a diagnosis
 * as the reports read it): what is missing or of another type reads as
 * NULL, without a warning.  @o may be NULL (then NULL). */
/* The member when it is a string; NULL otherwise. */
const char *augur_json_member_string (JsonObject *o, const char *member);
/* The member when it is an array; NULL otherwise. */
JsonArray *augur_json_member_array (JsonObject *o, const char *member);
/* The member when it is an object; NULL otherwise. */
JsonObject *augur_json_member_object (JsonObject *o, const char *member);
/* Element i of @a when it is an object; NULL otherwise (@a NULL, or i past
 * its end). */
JsonObject *augur_json_element_object (JsonArray *a, guint i);

G_END_DECLS

#endif /* AUGUR_JSON_UTIL_H */
