/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-json-input.c — the JSON readers (results, predictions, static
 * facts) on hostile input: nesting deep enough to overflow json-glib's
 * recursive parser is refused before it parses, and what is not a regular
 * file (a FIFO, /dev/zero) is refused without blocking on it or reading
 * it for ever; and the message of an input that cannot be read.
 */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <gio/gio.h>
#include <string.h>
#include <sys/stat.h>

#include "common/input-file.h"
#include "common/json-input.h"
#include "common/results.h"
#include "static/static-error.h"
#include "static/static-facts.h"

/* n '[' then n ']', inside `before` ... `after` */
static char *
nested (const char *before, guint n, const char *after)
{
  GString *s = g_string_new (before);
  for (guint i = 0; i < n; i++)
    g_string_append_c (s, '[');
  for (guint i = 0; i < n; i++)
    g_string_append_c (s, ']');
  g_string_append (s, after);
  return g_string_free (s, FALSE);
}

static void
test_depth (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *ok = nested ("", AUGUR_JSON_MAX_DEPTH, "");
  g_assert_true (augur_json_check_depth (ok, -1, AUGUR_JSON_MAX_DEPTH, &error));
  g_autofree char *deep = nested ("", AUGUR_JSON_MAX_DEPTH + 1, "");
  g_assert_false (augur_json_check_depth (deep, -1, AUGUR_JSON_MAX_DEPTH, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_nonnull (strstr (error->message, "at byte 64"));
  g_clear_error (&error);

  /* brackets in strings and comments are not nesting... */
  static const char *const flat[] = {
    "{\"a\": \"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\"}",
    "{\"a\": \"\\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\"}",
    "[1, /* [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[ */ 2]",
    "[1, # [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n 2]",
    "['[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[']",
  };
  for (gsize k = 0; k < G_N_ELEMENTS (flat); k++)
    g_assert_true (augur_json_check_depth (flat[k], -1, 8, &error));
  /* ... but a quote inside a comment or a single-quoted string does not
   * hide the brackets after it (json-glib skips those regions whole) */
  static const char *const hidden[] = { "[/* \" */ ", "['\"', ", "[# \"\n" };
  for (gsize k = 0; k < G_N_ELEMENTS (hidden); k++)
    {
      g_autofree char *s = nested (hidden[k], 20, "]");
      g_assert_false (augur_json_check_depth (s, -1, 8, &error));
      g_clear_error (&error);
    }
}

/* issue 16, item 4: 100,000 levels overflowed the stack in report,
 * replay, confirm (results) and predict --static-facts. */
static void
test_deep_results_and_facts (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *deep = nested ("{\"schema\": \"augur-results/1\", \"x\": ", 100000, "}");
  g_autoptr (AugurResults) r = augur_results_load_from_data (deep, -1, &error);
  g_assert_null (r);
  g_assert_error (error, AUGUR_RESULTS_ERROR, AUGUR_RESULTS_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "nested deeper than"));
  g_clear_error (&error);

  g_autofree char *facts = nested ("{\"format\": \"augur-static-facts\", \"x\": ", 100000, "}");
  g_autoptr (AugurStaticFacts) f = augur_static_facts_load_from_data (facts, -1, &error);
  g_assert_null (f);
  g_assert_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "nested deeper than"));
}

/* issue 16, item 6: a FIFO blocked the readers, /dev/zero ate memory. */
static void
test_not_regular (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("augur-test-json-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *fifo = g_build_filename (dir, "results.json", NULL);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  const char *const paths[] = { fifo, "/dev/zero", dir };
  for (gsize k = 0; k < G_N_ELEMENTS (paths); k++)
    {
      g_autoptr (AugurResults) r = augur_results_load (paths[k], &error);
      g_assert_null (r);
      g_assert_error (error, AUGUR_RESULTS_ERROR, AUGUR_RESULTS_ERROR_IO);
      g_assert_nonnull (strstr (error->message, "not a regular file"));
      g_clear_error (&error);
      g_autoptr (AugurStaticFacts) f = augur_static_facts_load (paths[k], &error);
      g_assert_null (f);
      g_assert_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_IO);
      g_assert_nonnull (strstr (error->message, "not a regular file"));
      g_clear_error (&error);
    }
  /* too large for its reader */
  g_autofree char *big = g_build_filename (dir, "big.json", NULL);
  g_assert_true (g_file_set_contents (big, "[1, 2, 3]", -1, NULL));
  char *text = NULL;
  g_assert_false (augur_input_file_read (big, 4, &text, NULL, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL);
  g_assert_nonnull (strstr (error->message, "too large"));
  g_clear_error (&error);
  gsize len = 0;
  g_assert_true (augur_input_file_read (big, 9, &text, &len, &error));
  g_assert_cmpstr (text, ==, "[1, 2, 3]");
  g_assert_cmpuint (len, ==, 9);
  g_free (text);
  g_unlink (big);
  g_unlink (fifo);
  g_rmdir (dir);
}

/* A JSON input that cannot be read says which input, the file and why, in
 * the caller's domain and code; one that can is parsed. */
static void
test_parse_input (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("augur-test-json-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *bad = g_build_filename (dir, "bad.json", NULL);
  g_assert_true (g_file_set_contents (bad, "{", -1, NULL));
  g_autoptr (JsonParser) none = augur_json_parse_input (bad, "diagnosis", AUGUR_STATIC_ERROR,
                                                        AUGUR_STATIC_ERROR_INPUT, &error);
  g_assert_null (none);
  g_assert_error (error, AUGUR_STATIC_ERROR, AUGUR_STATIC_ERROR_INPUT);
  g_autofree char *prefix = g_strdup_printf ("cannot read the diagnosis %s: ", bad);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_nonnull (strstr (error->message, "Parse error"));
  g_clear_error (&error);

  g_autofree char *missing = g_build_filename (dir, "missing.json", NULL);
  g_assert_null (augur_json_parse_input (missing, "compilation database", AUGUR_STATIC_ERROR,
                                         AUGUR_STATIC_ERROR_INPUT, &error));
  g_autofree char *want = g_strdup_printf ("cannot read the compilation database %s: "
                                           "cannot open %s: ", missing, missing);
  g_assert_true (g_str_has_prefix (error->message, want));
  g_clear_error (&error);

  g_assert_true (g_file_set_contents (bad, "[1]", -1, NULL));
  g_autoptr (JsonParser) one = augur_json_parse_input (bad, "diagnosis", AUGUR_STATIC_ERROR,
                                                       AUGUR_STATIC_ERROR_INPUT, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (json_parser_get_root (one)));
  g_unlink (bad);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/json-input/depth", test_depth);
  g_test_add_func ("/json-input/deep-results-and-facts", test_deep_results_and_facts);
  g_test_add_func ("/json-input/not-regular", test_not_regular);
  g_test_add_func ("/json-input/parse-input", test_parse_input);
  return g_test_run ();
}
