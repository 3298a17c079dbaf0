/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-facts-json.c — the facts file, JSON read and written with
 * json-glib.  The plug-in (static/plugin/augur_static.ml) writes the same
 * format; `augur static -o` rewrites it with the driver's own members.
 *
 * Format "augur-static-facts", version 1.  Members ("?" = optional; unknown
 * members are ignored, a missing or mistyped required one is an error):
 *
 *   format "augur-static-facts", version 1, complete bool,
 *   sound_fallback? bool, frama_c_seconds? number,
 *   threads [{id, entries [str], multiple bool, parent, at_join? bool,
 *             create_site {file, line} | null}],
 *   shared [{location, kind, threads [int]}],
 *   accesses [{file, line, thread, kind "R"|"W"|"A", location, locks [str], alone bool}],
 *   pairs [{a {file, line}, b {file, line}, location, kinds [str]}],
 *   protected [{a {file, line}, b {file, line}, location, lock}],
 *   unknown_sites [{file, line, reason}],
 *   warnings [{file?, line?, kind, message}]
 *
 * Writing is deterministic (the model is sorted) except frama_c_seconds.
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>

#include "common/json-util.h"
#include "common/sort-strings.h"
#include "static/static-error.h"
#include "static/static-facts-private.h"

/* ---- reading ---- */

static const AugurJsonFormat format = {
  .name = "static facts file", .domain = augur_static_error_quark,
  .parse_code = AUGUR_STATIC_ERROR_PARSE, .format_code = AUGUR_STATIC_ERROR_FORMAT,
  .invalid_code = AUGUR_STATIC_ERROR_INVALID, .io_code = AUGUR_STATIC_ERROR_IO,
};

/* A required string member, copied. */
static gboolean
get_string (JsonObject *o, const char *member, const char *where, char **out, GError **error)
{
  const char *s;
  gboolean ok = augur_json_get_string (&format, o, member, TRUE, where, &s, error);
  *out = g_strdup (s);
  return ok;
}

/* A required member from 0 to G_MAXUINT. */
static gboolean
get_uint (JsonObject *o, const char *member, const char *where, guint *out, GError **error)
{
  guint64 v;
  gboolean ok = augur_json_get_uint (&format, o, member, TRUE, G_MAXUINT, where, &v, error);
  *out = (guint) v;
  return ok;
}

/* {file, line} in member `member`, or directly in o when member is NULL. */
static gboolean
get_site (JsonObject *o, const char *member, const char *where, char **file, guint *line,
          GError **error)
{
  if (member != NULL && !augur_json_get_object (&format, o, member, TRUE, where, &o, error))
    return FALSE;
  return get_string (o, "file", where, file, error) && get_uint (o, "line", where, line, error);
}

/* Calls parse(element object, where) for each element of array `member`. */
typedef gboolean (*ParseElement) (AugurStaticFacts *f, JsonObject *o, const char *where,
                                  GError **error);

static gboolean
parse_list (AugurStaticFacts *f, JsonObject *root, const char *member, ParseElement parse,
            GError **error)
{
  JsonArray *a;
  if (!augur_json_get_array (&format, root, member, TRUE, NULL, &a, error))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      g_autofree char *where = g_strdup_printf ("%s[%u]", member, i);
      JsonNode *n = json_array_get_element (a, i);
      if (!JSON_NODE_HOLDS_OBJECT (n))
        return augur_json_invalid (&format, NULL, where, "is not an object", error);
      if (!parse (f, json_node_get_object (n), where, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
parse_thread (AugurStaticFacts *f, JsonObject *o, const char *where, GError **error)
{
  AugurStaticThread *t = g_new0 (AugurStaticThread, 1);
  g_ptr_array_add (f->threads, t);
  if (!get_uint (o, "id", where, &t->id, error)
      || !augur_json_get_strv (&format, o, "entries", TRUE, where, &t->entries, error)
      || !augur_json_get_bool (&format, o, "multiple", TRUE, where, &t->multiple, error)
      || !get_uint (o, "parent", where, &t->parent, error))
    return FALSE;
  if (!augur_json_get_bool (&format, o, "at_join", FALSE, where, &t->at_join, error))
    return FALSE;
  JsonNode *cs = json_object_get_member (o, "create_site");
  if (cs != NULL && !JSON_NODE_HOLDS_NULL (cs))
    return get_site (o, "create_site", where, &t->create_file, &t->create_line, error);
  return TRUE;
}

static gboolean
parse_shared (AugurStaticFacts *f, JsonObject *o, const char *where, GError **error)
{
  AugurStaticShared *s = g_new0 (AugurStaticShared, 1);
  s->threads = g_array_new (FALSE, FALSE, sizeof (guint));
  g_ptr_array_add (f->shared, s);
  JsonArray *a;
  if (!get_string (o, "location", where, &s->location, error)
      || !get_string (o, "kind", where, &s->kind, error)
      || !augur_json_get_array (&format, o, "threads", TRUE, where, &a, error))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      guint64 id;
      if (!augur_json_get_element_uint (&format, a, i, (guint64) G_MAXUINT + 1, where, "threads",
                                        "a thread id", &id, error))
        return FALSE;
      guint thread = (guint) id;
      g_array_append_val (s->threads, thread);
    }
  return TRUE;
}

static gboolean
parse_access (AugurStaticFacts *f, JsonObject *o, const char *where, GError **error)
{
  AugurStaticAccess *a = g_new0 (AugurStaticAccess, 1);
  g_ptr_array_add (f->accesses, a);
  g_autofree char *kind = NULL;
  if (!get_site (o, NULL, where, &a->file, &a->line, error)
      || !get_uint (o, "thread", where, &a->thread, error)
      || !get_string (o, "kind", where, &kind, error)
      || !get_string (o, "location", where, &a->location, error)
      || !augur_json_get_strv (&format, o, "locks", TRUE, where, &a->locks, error)
      || !augur_json_get_bool (&format, o, "alone", TRUE, where, &a->alone, error))
    return FALSE;
  if (!augur_static_access_kind_from_string (kind, &a->kind))
    return augur_json_invalid (&format, where, "kind", "is not R, W or A", error);
  return TRUE;
}

/* The model keeps a <= b (file, then line as a number); the plug-in
 * orders "file:line" as strings, so "p.c:12" may come before "p.c:7".
 * Swapping the ends swaps each kind too ("R/W" -> "W/R"). */
static void
order_pair (AugurStaticPair *p)
{
  int c = g_strcmp0 (p->file_a, p->file_b);
  if (c < 0 || (c == 0 && p->line_a <= p->line_b))
    return;
  char *f = p->file_a;
  p->file_a = p->file_b;
  p->file_b = f;
  guint l = p->line_a;
  p->line_a = p->line_b;
  p->line_b = l;
  g_autoptr(GPtrArray) kinds = g_ptr_array_new ();
  for (guint i = 0; p->kinds != NULL && p->kinds[i] != NULL; i++)
    {
      g_auto(GStrv) ab = g_strsplit (p->kinds[i], "/", 2);
      if (ab[0] != NULL && ab[1] != NULL)
        g_ptr_array_add (kinds, g_strdup_printf ("%s/%s", ab[1], ab[0]));
      else
        g_ptr_array_add (kinds, g_strdup (p->kinds[i]));
    }
  augur_sort_strings (kinds);
  g_ptr_array_add (kinds, NULL);
  g_strfreev (p->kinds);
  p->kinds = (char **) g_ptr_array_steal (kinds, NULL);
}

/* An element of "pairs" (with kinds) or, when protected, of "protected"
 * (with a lock and no kinds), added to list. */
static gboolean
parse_pair_into (GPtrArray *list, gboolean protected, JsonObject *o, const char *where,
                 GError **error)
{
  AugurStaticPair *p = g_new0 (AugurStaticPair, 1);
  g_ptr_array_add (list, p);
  if (protected)
    p->kinds = g_new0 (char *, 1);
  if (!get_site (o, "a", where, &p->file_a, &p->line_a, error)
      || !get_site (o, "b", where, &p->file_b, &p->line_b, error)
      || !get_string (o, "location", where, &p->location, error))
    return FALSE;
  if (protected ? !get_string (o, "lock", where, &p->lock, error)
                : !augur_json_get_strv (&format, o, "kinds", TRUE, where, &p->kinds, error))
    return FALSE;
  order_pair (p);
  return TRUE;
}

static gboolean
parse_pair (AugurStaticFacts *f, JsonObject *o, const char *where, GError **error)
{
  return parse_pair_into (f->pairs, FALSE, o, where, error);
}

static gboolean
parse_protected (AugurStaticFacts *f, JsonObject *o, const char *where, GError **error)
{
  return parse_pair_into (f->protected_pairs, TRUE, o, where, error);
}

static gboolean
parse_unknown (AugurStaticFacts *f, JsonObject *o, const char *where, GError **error)
{
  AugurStaticUnknownSite *u = g_new0 (AugurStaticUnknownSite, 1);
  g_ptr_array_add (f->unknown_sites, u);
  return get_site (o, NULL, where, &u->file, &u->line, error)
         && get_string (o, "reason", where, &u->reason, error);
}

static gboolean
parse_warning (AugurStaticFacts *f, JsonObject *o, const char *where, GError **error)
{
  AugurStaticWarning *w = g_new0 (AugurStaticWarning, 1);
  g_ptr_array_add (f->warnings, w);
  if (json_object_has_member (o, "file")
      && !get_site (o, NULL, where, &w->file, &w->line, error))
    return FALSE;
  return get_string (o, "kind", where, &w->kind, error)
         && get_string (o, "message", where, &w->message, error);
}

AugurStaticFacts *
augur_static_facts_load_from_data (const char *data, gssize length, GError **error)
{
  g_return_val_if_fail (data != NULL, NULL);

  g_autoptr(JsonParser) parser = NULL;
  JsonObject *o = augur_json_parse_object (&format, data, length, &parser, error);
  if (o == NULL)
    return NULL;
  JsonNode *ver = json_object_get_member (o, "version");
  if (g_strcmp0 (augur_json_member_string (o, "format"), AUGUR_STATIC_FACTS_FORMAT) != 0)
    {
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_FORMAT,
                   "not a static facts file (format is not '%s'); write one with "
                   "'augur static'", AUGUR_STATIC_FACTS_FORMAT);
      return NULL;
    }
  if (ver == NULL || !JSON_NODE_HOLDS_VALUE (ver)
      || json_node_get_value_type (ver) != G_TYPE_INT64
      || json_node_get_int (ver) != AUGUR_STATIC_FACTS_VERSION)
    {
      g_autofree char *v = ver != NULL && JSON_NODE_HOLDS_VALUE (ver)
                           && json_node_get_value_type (ver) == G_TYPE_INT64
                           ? g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (ver))
                           : g_strdup ("missing");
      g_set_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_FORMAT,
                   "static facts file version %s, this augur reads version %d: "
                   "run 'augur static' again with this augur", v,
                   AUGUR_STATIC_FACTS_VERSION);
      return NULL;
    }

  g_autoptr(AugurStaticFacts) f = augur_static_facts_new_empty ();
  if (!augur_json_get_bool (&format, o, "complete", TRUE, NULL, &f->complete, error))
    return NULL;
  if (!augur_json_get_bool (&format, o, "sound_fallback", FALSE, NULL, &f->sound_fallback, error))
    return NULL;
  JsonNode *secs = json_object_get_member (o, "frama_c_seconds");
  if (secs != NULL)
    {
      if (!JSON_NODE_HOLDS_VALUE (secs)
          || (json_node_get_value_type (secs) != G_TYPE_DOUBLE
              && json_node_get_value_type (secs) != G_TYPE_INT64))
        {
          augur_json_invalid (&format, NULL, "frama_c_seconds", "is not a number", error);
          return NULL;
        }
      /* 1e999 reads as infinity, which the writer cannot write back */
      double v = json_node_get_double (secs);
      if (!isfinite (v) || v < 0)
        {
          augur_json_invalid (&format, NULL, "frama_c_seconds", "is not a finite number of seconds",
                              error);
          return NULL;
        }
      f->frama_c_seconds = v;
    }
  if (!parse_list (f, o, "threads", parse_thread, error)
      || !parse_list (f, o, "shared", parse_shared, error)
      || !parse_list (f, o, "accesses", parse_access, error)
      || !parse_list (f, o, "pairs", parse_pair, error)
      || !parse_list (f, o, "protected", parse_protected, error)
      || !parse_list (f, o, "unknown_sites", parse_unknown, error)
      || !parse_list (f, o, "warnings", parse_warning, error))
    return NULL;
  augur_static_facts_finish (f);
  return g_steal_pointer (&f);
}

AugurStaticFacts *
augur_static_facts_load (const char *path, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  return augur_json_load_file (&format, path, (AugurJsonLoadFunc) augur_static_facts_load_from_data,
                               error);
}

/* ---- writing ---- */

/* {file, line} as member `name`, or directly in the open object when name
 * is NULL (the mirror of get_site). */
static void
add_site (JsonBuilder *b, const char *name, const char *file, guint line)
{
  if (name != NULL)
    augur_json_begin_object_member (b, name);
  augur_json_add_string (b, "file", file);
  augur_json_add_int (b, "line", line);
  if (name != NULL)
    json_builder_end_object (b);
}

/* Writes one element's members (inside its object). */
typedef void (*AddElement) (JsonBuilder *b, gconstpointer element);

/* Array member `name`: an object for each element of list, written by add. */
static void
add_list (JsonBuilder *b, const char *name, GPtrArray *list, AddElement add)
{
  augur_json_begin_array_member (b, name);
  for (guint i = 0; i < list->len; i++)
    {
      json_builder_begin_object (b);
      add (b, list->pdata[i]);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
add_thread (JsonBuilder *b, gconstpointer element)
{
  const AugurStaticThread *t = element;
  augur_json_add_int (b, "id", t->id);
  augur_json_add_strv (b, "entries", t->entries);
  augur_json_add_bool (b, "multiple", t->multiple);
  augur_json_add_int (b, "parent", t->parent);
  augur_json_add_bool (b, "at_join", t->at_join);
  if (t->create_file != NULL)
    add_site (b, "create_site", t->create_file, t->create_line);
  else
    {
      json_builder_set_member_name (b, "create_site");
      json_builder_add_null_value (b);
    }
}

static void
add_shared (JsonBuilder *b, gconstpointer element)
{
  const AugurStaticShared *s = element;
  augur_json_add_string (b, "location", s->location);
  augur_json_add_string (b, "kind", s->kind);
  augur_json_add_uint_array (b, "threads", (const guint *) s->threads->data, s->threads->len);
}

static void
add_access (JsonBuilder *b, gconstpointer element)
{
  const AugurStaticAccess *a = element;
  add_site (b, NULL, a->file, a->line);
  augur_json_add_int (b, "thread", a->thread);
  augur_json_add_string (b, "kind", augur_static_access_kind_to_string (a->kind));
  augur_json_add_string (b, "location", a->location);
  augur_json_add_strv (b, "locks", a->locks);
  augur_json_add_bool (b, "alone", a->alone);
}

/* A pair of "pairs" (kinds) or of "protected" (lock). */
static void
add_pair (JsonBuilder *b, gconstpointer element)
{
  const AugurStaticPair *p = element;
  add_site (b, "a", p->file_a, p->line_a);
  add_site (b, "b", p->file_b, p->line_b);
  augur_json_add_string (b, "location", p->location);
  if (p->lock != NULL)
    augur_json_add_string (b, "lock", p->lock);
  else
    augur_json_add_strv (b, "kinds", p->kinds);
}

static void
add_unknown (JsonBuilder *b, gconstpointer element)
{
  const AugurStaticUnknownSite *u = element;
  add_site (b, NULL, u->file, u->line);
  augur_json_add_string (b, "reason", u->reason);
}

static void
add_warning (JsonBuilder *b, gconstpointer element)
{
  const AugurStaticWarning *w = element;
  if (w->file != NULL)
    add_site (b, NULL, w->file, w->line);
  augur_json_add_string (b, "kind", w->kind);
  augur_json_add_string (b, "message", w->message);
}

char *
augur_static_facts_to_data (AugurStaticFacts *f, gsize *length)
{
  g_return_val_if_fail (f != NULL, NULL);

  g_autoptr(JsonBuilder) b = json_builder_new ();
  json_builder_begin_object (b);
  augur_json_add_string (b, "format", AUGUR_STATIC_FACTS_FORMAT);
  augur_json_add_int (b, "version", AUGUR_STATIC_FACTS_VERSION);
  augur_json_add_bool (b, "complete", f->complete);
  augur_json_add_bool (b, "sound_fallback", f->sound_fallback);
  json_builder_set_member_name (b, "frama_c_seconds");
  json_builder_add_double_value (b, f->frama_c_seconds);
  add_list (b, "threads", f->threads, add_thread);
  add_list (b, "shared", f->shared, add_shared);
  add_list (b, "accesses", f->accesses, add_access);
  add_list (b, "pairs", f->pairs, add_pair);
  add_list (b, "protected", f->protected_pairs, add_pair);
  add_list (b, "unknown_sites", f->unknown_sites, add_unknown);
  add_list (b, "warnings", f->warnings, add_warning);
  json_builder_end_object (b);

  return augur_json_builder_to_text (b, length);
}

gboolean
augur_static_facts_save (AugurStaticFacts *facts, const char *path, GError **error)
{
  gsize len;
  g_autofree char *data = augur_static_facts_to_data (facts, &len);
  return augur_json_save_file (&format, path, data, len, error);
}
