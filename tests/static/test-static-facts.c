/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-static-facts.c — the static facts model and file
 * (static/static-facts*.c) without Frama-C: a hand-written facts file is
 * loaded, rendered with _to_string() against a golden string, queried, and
 * written back; every kind of bad file gives its own clear GError; the
 * sound fallback and incomplete facts answer every query with "maybe".
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "static/static-error.h"
#include "static/static-facts.h"

/* Two workers; a racy counter, a locked total, an unreached helper. */
static const char facts_json[] =
  "{ \"format\": \"augur-static-facts\", \"version\": 1, \"complete\": true,\n"
  "  \"frama_c_seconds\": 1.5, \"some_future_member\": [1, 2],\n"
  "  \"threads\": [ { \"id\": 2, \"entries\": [\"worker\"], \"multiple\": false, \"parent\": 0,\n"
  "                 \"create_site\": { \"file\": \"src/p.c\", \"line\": 31 } },\n"
  "               { \"id\": 1, \"entries\": [\"worker\"], \"multiple\": true, \"parent\": 0,\n"
  "                 \"create_site\": null } ],\n"
  "  \"shared\": [ { \"location\": \"total\", \"kind\": \"global\", \"threads\": [1, 2] },\n"
  "              { \"location\": \"heap@src/p.c:7\", \"kind\": \"heap\", \"threads\": [2] },\n"
  "              { \"location\": \"counter\", \"kind\": \"global\", \"threads\": [1, 2] } ],\n"
  "  \"accesses\": [\n"
  "    { \"file\": \"src/p.c\", \"line\": 12, \"thread\": 1, \"kind\": \"W\", \"location\": \"counter\",\n"
  "      \"locks\": [], \"alone\": false },\n"
  "    { \"file\": \"src/p.c\", \"line\": 15, \"thread\": 1, \"kind\": \"W\", \"location\": \"total\",\n"
  "      \"locks\": [\"m\"], \"alone\": false },\n"
  "    { \"file\": \"src/p.c\", \"line\": 40, \"thread\": 0, \"kind\": \"R\", \"location\": \"counter\",\n"
  "      \"locks\": [], \"alone\": true } ],\n"
  "  \"pairs\": [ { \"a\": { \"file\": \"src/p.c\", \"line\": 12 }, \"b\": { \"file\": \"src/p.c\", \"line\": 20 },\n"
  "               \"location\": \"counter\", \"kinds\": [\"W/R\"] } ],\n"
  "  \"protected\": [ { \"a\": { \"file\": \"src/p.c\", \"line\": 15 },\n"
  "                   \"b\": { \"file\": \"src/p.c\", \"line\": 15 }, \"location\": \"total\", \"lock\": \"m\" } ],\n"
  "  \"unknown_sites\": [ { \"file\": \"src/p.c\", \"line\": 50, \"reason\": \"unreached function helper\" } ],\n"
  "  \"warnings\": [ { \"file\": \"src/p.c\", \"line\": 48, \"kind\": \"unreached\",\n"
  "                  \"message\": \"function helper was never reached\" } ] }\n";

static const char facts_text[] =
  "state complete\n"
  "thread 1 entries=worker parent=0 multiple\n"
  "thread 2 entries=worker created=src/p.c:31 parent=0\n"
  "shared global counter threads=1,2\n"
  "shared heap heap@src/p.c:7 threads=2\n"
  "shared global total threads=1,2\n"
  "candidate counter src/p.c:12 src/p.c:20 W/R\n"
  "protected total src/p.c:15 src/p.c:15 lock=m\n"
  "unknown src/p.c:50 unreached function helper\n"
  "warning unreached src/p.c:48 function helper was never reached\n";

static AugurStaticFacts *
load (const char *json)
{
  g_autoptr(GError) error = NULL;
  AugurStaticFacts *f = augur_static_facts_load_from_data (json, -1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (f);
  return f;
}

static void
test_load_to_string (void)
{
  g_autoptr(AugurStaticFacts) f = load (facts_json);
  g_autofree char *s = augur_static_facts_to_string (f);
  g_assert_cmpstr (s, ==, facts_text);
  g_assert_true (augur_static_facts_get_complete (f));
  g_assert_false (augur_static_facts_get_sound_fallback (f));
  g_assert_true (augur_static_facts_can_prune (f));
  g_assert_cmpfloat (augur_static_facts_get_frama_c_seconds (f), ==, 1.5);
  g_assert_cmpuint (augur_static_facts_get_accesses (f)->len, ==, 3);

  guint n_sites, n_no_conflict, n_no_candidate;
  augur_static_facts_count_sites (f, &n_sites, &n_no_conflict, &n_no_candidate);
  g_assert_cmpuint (n_sites, ==, 3);
  g_assert_cmpuint (n_no_conflict, ==, 1);   /* line 40: main alone */
  g_assert_cmpuint (n_no_candidate, ==, 2);  /* and line 15, under lock m */
}

static void
test_queries (void)
{
  g_autoptr(AugurStaticFacts) f = load (facts_json);

  g_assert_true (augur_static_facts_is_location_shared (f, "counter"));
  g_assert_false (augur_static_facts_is_location_shared (f, "main::local"));
  g_assert_true (augur_static_facts_is_location_shared (f, "heap@/abs/src/p.c:7"));
  g_assert_true (augur_static_facts_is_heap_site_shared (f, "p.c", 7));
  g_assert_false (augur_static_facts_is_heap_site_shared (f, "p.c", 8));
  g_assert_false (augur_static_facts_is_location_shared (f, "heap@q.c:7"));

  /* either end of a pair, any spelling of the file */
  g_assert_true (augur_static_facts_is_site_candidate (f, "src/p.c", 12));
  g_assert_true (augur_static_facts_is_site_candidate (f, "p.c", 20));
  g_assert_true (augur_static_facts_is_site_candidate (f, "/home/u/proj/src/p.c", 12));
  g_assert_false (augur_static_facts_is_site_candidate (f, "src/p.c", 40));
  /* a site the facts do not name rules nothing out: another file, or a
   * line the debug info gives an access that the analysis put elsewhere */
  g_assert_true (augur_static_facts_is_site_candidate (f, "other/p.c", 40));
  g_assert_true (augur_static_facts_is_site_candidate (f, "xp.c", 40));
  g_assert_true (augur_static_facts_is_site_candidate (f, "src/p.c", 39));
  g_assert_true (augur_static_facts_is_site_conflicting (f, "src/p.c", 39));
  g_assert_true (augur_static_facts_is_pair_candidate (f, "p.c", 39, "p.c", 40));
  g_assert_true (augur_static_facts_is_pair_candidate (f, "p.c", 15, "q.c", 15));
  /* lock-protected: conflicting, but no candidate */
  g_assert_false (augur_static_facts_is_site_candidate (f, "src/p.c", 15));
  g_assert_true (augur_static_facts_is_site_conflicting (f, "src/p.c", 15));
  g_assert_false (augur_static_facts_is_site_conflicting (f, "src/p.c", 40));
  /* unreached code is a candidate with everything */
  g_assert_true (augur_static_facts_is_site_candidate (f, "p.c", 50));
  g_assert_true (augur_static_facts_is_pair_candidate (f, "p.c", 50, "p.c", 40));
  g_assert_true (augur_static_facts_is_pair_candidate (f, "p.c", 40, "p.c", 50));

  g_assert_true (augur_static_facts_is_pair_candidate (f, "src/p.c", 12, "p.c", 20));
  g_assert_true (augur_static_facts_is_pair_candidate (f, "p.c", 20, "src/p.c", 12));
  g_assert_false (augur_static_facts_is_pair_candidate (f, "p.c", 12, "p.c", 40));
  g_assert_false (augur_static_facts_is_pair_candidate (f, "p.c", 15, "p.c", 15));
}

static void
test_unknown_location (void)
{
  g_autofree char *json = g_strdup (facts_json);
  /* rename "total" to "*": an access Eva could not resolve */
  char *p = strstr (json, "\"total\", \"kind\"");
  memcpy (p, "\"*\",    ", 8);
  g_autoptr(AugurStaticFacts) f = load (json);
  g_assert_true (augur_static_facts_is_location_shared (f, "main::local"));
}

/* Pairs are kept with a <= b by line number, whatever order the file has. */
static void
test_pair_order (void)
{
  g_autoptr(AugurStaticFacts) f = load (
    "{ \"format\": \"augur-static-facts\", \"version\": 1, \"complete\": true,\n"
    "  \"threads\": [], \"shared\": [], \"accesses\": [], \"protected\": [],\n"
    "  \"unknown_sites\": [], \"warnings\": [],\n"
    "  \"pairs\": [ { \"a\": { \"file\": \"p.c\", \"line\": 12 }, \"b\": { \"file\": \"p.c\", \"line\": 7 },\n"
    "               \"location\": \"x\", \"kinds\": [\"W/R\", \"W/W\"] } ] }");
  g_autofree char *s = augur_static_facts_to_string (f);
  g_assert_cmpstr (s, ==, "state complete\ncandidate x p.c:7 p.c:12 R/W,W/W\n");
}

static void
test_roundtrip (void)
{
  g_autoptr(AugurStaticFacts) f = load (facts_json);
  gsize len;
  g_autofree char *data = augur_static_facts_to_data (f, &len);
  g_assert_cmpuint (strlen (data), ==, len);
  g_autoptr(AugurStaticFacts) g = load (data);
  g_autofree char *a = augur_static_facts_to_string (f);
  g_autofree char *b = augur_static_facts_to_string (g);
  g_assert_cmpstr (a, ==, b);
  g_autofree char *again = augur_static_facts_to_data (g, NULL);
  g_assert_cmpstr (again, ==, data);

  g_autofree char *dir = g_dir_make_tmp ("augur-static-facts-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "f.json", NULL);
  g_autoptr(GError) error = NULL;
  g_assert_true (augur_static_facts_save (f, path, &error));
  g_assert_no_error (error);
  g_autoptr(AugurStaticFacts) h = augur_static_facts_load (path, &error);
  g_assert_no_error (error);
  g_autofree char *c = augur_static_facts_to_string (h);
  g_assert_cmpstr (a, ==, c);
  g_remove (path);
  g_rmdir (dir);
}

static void
assert_bad (const char *json, gint code, const char *fragment)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurStaticFacts) f = augur_static_facts_load_from_data (json, -1, &error);
  g_assert_null (f);
  g_assert_error (error, AUGUR_STATIC_ERROR, code);
  if (strstr (error->message, fragment) == NULL)
    g_error ("message '%s' lacks '%s'", error->message, fragment);
}

static void
test_bad_files (void)
{
  assert_bad ("{ \"format\": \"augur-static-facts\", ", AUGUR_STATIC_ERROR_PARSE, "not JSON");
  assert_bad ("[1, 2]", AUGUR_STATIC_ERROR_FORMAT, "not an object");
  assert_bad ("{ \"schema\": \"augur-results/1\" }", AUGUR_STATIC_ERROR_FORMAT,
              "not a static facts file");
  assert_bad ("{ \"format\": [ \"augur-static-facts\" ], \"version\": 1 }",
              AUGUR_STATIC_ERROR_FORMAT, "not a static facts file");
  assert_bad ("{ \"format\": \"augur-static-facts\", \"version\": 2 }",
              AUGUR_STATIC_ERROR_FORMAT, "version 2, this augur reads version 1");
  assert_bad ("{ \"format\": \"augur-static-facts\" }",
              AUGUR_STATIC_ERROR_FORMAT, "version missing");
  assert_bad ("{ \"format\": \"augur-static-facts\", \"version\": 1 }",
              AUGUR_STATIC_ERROR_INVALID, "member 'complete' is missing");

  /* a mistyped member deep inside names its place */
  g_autofree char *json = g_strdup (facts_json);
  char *p = strstr (json, "\"kind\": \"W\"");
  p[9] = 'Q';
  assert_bad (json, AUGUR_STATIC_ERROR_INVALID, "accesses[0]: member 'kind' is not R, W or A");

  g_autofree char *json2 = g_strdup (facts_json);
  p = strstr (json2, "\"line\": 31");
  memcpy (p, "\"line\":\"x\"", 10);
  assert_bad (json2, AUGUR_STATIC_ERROR_INVALID, "threads[0]: member 'line' is not an integer");
}

static void
test_missing_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurStaticFacts) f = augur_static_facts_load ("/nonexistent/facts.json", &error);
  g_assert_null (f);
  g_assert_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_IO);
}

static void
test_fallback (void)
{
  g_autoptr(AugurStaticFacts) f = augur_static_facts_new_fallback ("frama-c not found");
  g_assert_true (augur_static_facts_get_sound_fallback (f));
  g_assert_false (augur_static_facts_can_prune (f));
  g_assert_true (augur_static_facts_is_location_shared (f, "anything"));
  g_assert_true (augur_static_facts_is_site_candidate (f, "a.c", 1));
  g_assert_true (augur_static_facts_is_site_conflicting (f, "a.c", 1));
  g_assert_true (augur_static_facts_is_pair_candidate (f, "a.c", 1, "b.c", 2));
  g_autofree char *s = augur_static_facts_to_string (f);
  g_assert_cmpstr (s, ==,
                   "state sound-fallback\n"
                   "warning no-static-analysis frama-c not found: nothing is pruned, every "
                   "location is shared and every pair of accesses is a candidate\n");

  /* written and read back, it is still the fallback */
  g_autofree char *data = augur_static_facts_to_data (f, NULL);
  g_autoptr(AugurStaticFacts) g = load (data);
  g_assert_true (augur_static_facts_get_sound_fallback (g));
  g_assert_true (augur_static_facts_is_site_candidate (g, "a.c", 1));
}

static void
test_incomplete (void)
{
  g_autofree char *json = g_strdup (facts_json);
  char *p = strstr (json, "\"complete\": true");
  memcpy (p, "\"complete\":false", 16);
  g_autoptr(AugurStaticFacts) f = load (json);
  g_assert_false (augur_static_facts_get_sound_fallback (f));
  g_assert_false (augur_static_facts_can_prune (f));
  g_assert_true (augur_static_facts_is_location_shared (f, "main::local"));
  g_assert_true (augur_static_facts_is_site_candidate (f, "src/p.c", 40));
  g_assert_true (augur_static_facts_is_pair_candidate (f, "p.c", 15, "p.c", 15));
  g_autofree char *s = augur_static_facts_to_string (f);
  g_assert_true (g_str_has_prefix (s, "state incomplete\n"));
}

/* A file left out (Frama-C could not parse it) makes complete facts
 * incomplete: its own lines, which the facts do not name, and every pair
 * elsewhere that the facts ruled out become "maybe", in the file written
 * and read back too. */
static void
test_unanalysed (void)
{
  g_autoptr(AugurStaticFacts) f = load (facts_json);
  g_assert_false (augur_static_facts_is_pair_candidate (f, "p.c", 15, "p.c", 15));
  augur_static_facts_add_unanalysed (f, "src/simd.c", "syntax error at line 4");
  g_assert_false (augur_static_facts_can_prune (f));
  g_assert_true (augur_static_facts_is_site_candidate (f, "src/simd.c", 9));
  g_assert_true (augur_static_facts_is_pair_candidate (f, "src/simd.c", 9, "p.c", 40));
  g_assert_true (augur_static_facts_is_pair_candidate (f, "p.c", 15, "p.c", 15));
  g_assert_true (augur_static_facts_is_site_candidate (f, "src/p.c", 40));
  g_assert_true (augur_static_facts_is_location_shared (f, "main::local"));
  g_auto(GStrv) left_out = augur_static_facts_dup_unanalysed (f);
  g_assert_cmpstr (left_out[0], ==, "src/simd.c");
  g_assert_null (left_out[1]);

  g_autofree char *data = augur_static_facts_to_data (f, NULL);
  g_autoptr(AugurStaticFacts) g = load (data);
  g_assert_false (augur_static_facts_can_prune (g));
  g_assert_true (augur_static_facts_is_pair_candidate (g, "p.c", 15, "p.c", 15));
  g_auto(GStrv) again = augur_static_facts_dup_unanalysed (g);
  g_assert_cmpstr (again[0], ==, "src/simd.c");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/static-facts/load-to-string", test_load_to_string);
  g_test_add_func ("/static-facts/queries", test_queries);
  g_test_add_func ("/static-facts/unknown-location", test_unknown_location);
  g_test_add_func ("/static-facts/pair-order", test_pair_order);
  g_test_add_func ("/static-facts/roundtrip", test_roundtrip);
  g_test_add_func ("/static-facts/bad-files", test_bad_files);
  g_test_add_func ("/static-facts/missing-file", test_missing_file);
  g_test_add_func ("/static-facts/fallback", test_fallback);
  g_test_add_func ("/static-facts/incomplete", test_incomplete);
  g_test_add_func ("/static-facts/unanalysed", test_unanalysed);
  return g_test_run ();
}
