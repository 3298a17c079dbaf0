/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-sarif.c — the SARIF 2.1.0 output (reports/sarif.[ch]): a golden log
 * for a small finding, and the structure a SARIF consumer relies on (rules
 * per kind, one result per finding, locations, code flows for the
 * schedule, base ids).  Validation against the SARIF schema and rules by
 * Microsoft's multitool is test-sarif-validate.sh.
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "common/results.h"
#include "reports/report-error.h"
#include "reports/sarif-fixes.h"
#include "reports/sarif.h"
#include "tests/reports/test-golden.h"

static AugurResults *
load (const char *name)
{
  g_autofree char *path = test_data_path (name);
  g_autoptr(GError) error = NULL;
  AugurResults *r = augur_results_load (path, &error);
  g_assert_no_error (error);
  return r;
}

static void
test_golden (void)
{
  g_autoptr(AugurResults) r = load ("race.json");
  gsize len;
  g_autofree char *sarif = augur_report_sarif_to_data (r, NULL, &len);
  g_assert_cmpuint (len, ==, strlen (sarif));
  test_compare_golden ("race.sarif", sarif);
}

static JsonNode *
at (JsonNode *root, const char *path)
{
  g_autoptr(GError) error = NULL;
  JsonNode *res = json_path_query (path, root, &error);
  g_assert_no_error (error);
  JsonArray *a = json_node_get_array (res);
  g_assert_cmpuint (json_array_get_length (a), ==, 1);
  JsonNode *n = json_node_copy (json_array_get_element (a, 0));
  json_node_unref (res);
  return n;
}

static char *
str_at (JsonNode *root, const char *path)
{
  g_autoptr(JsonNode) n = at (root, path);
  return g_strdup (json_node_get_string (n));
}

static gint64
int_at (JsonNode *root, const char *path)
{
  g_autoptr(JsonNode) n = at (root, path);
  return json_node_get_int (n);
}

static void
test_structure (void)
{
  g_autoptr(AugurResults) r = load ("all.json");
  g_autofree char *src = test_data_path ("");
  g_autofree char *sarif = augur_report_sarif_to_data (r, src, NULL);
  g_autofree char *again = augur_report_sarif_to_data (r, src, NULL);
  g_assert_cmpstr (sarif, ==, again);

  g_autoptr(JsonParser) p = json_parser_new ();
  g_autoptr(GError) error = NULL;
  json_parser_load_from_data (p, sarif, -1, &error);
  g_assert_no_error (error);
  JsonNode *root = json_parser_get_root (p);

  g_autofree char *version = str_at (root, "$.version");
  g_assert_cmpstr (version, ==, "2.1.0");
  g_autofree char *schema = str_at (root, "$['$schema']");
  g_assert_cmpstr (schema, ==, AUGUR_SARIF_SCHEMA_URI);
  g_autofree char *driver = str_at (root, "$.runs[0].tool.driver.name");
  g_assert_cmpstr (driver, ==, "augur");

  /* one rule per kind present, in kind order; results point at them */
  const char *rules[] = { "deadlock", "data-race", "atomicity-violation", "misuse" };
  for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
    {
      g_autofree char *rp = g_strdup_printf ("$.runs[0].tool.driver.rules[%u].id", i);
      g_autofree char *id = str_at (root, rp);
      g_assert_cmpstr (id, ==, rules[i]);
      g_autofree char *resp = g_strdup_printf ("$.runs[0].results[%u].ruleId", i);
      g_autofree char *rid = str_at (root, resp);
      g_assert_cmpstr (rid, ==, rules[i]);
      g_autofree char *rip = g_strdup_printf ("$.runs[0].results[%u].ruleIndex", i);
      g_assert_cmpint (int_at (root, rip), ==, i);
    }
  g_autoptr(JsonNode) results = at (root, "$.runs[0].results");
  g_assert_cmpuint (json_array_get_length (json_node_get_array (results)), ==, 4);

  /* the data race: its first access, relative to SRCROOT */
  g_autofree char *uri = str_at (root, "$.runs[0].results[1].locations[0].physicalLocation.artifactLocation.uri");
  g_assert_cmpstr (uri, ==, "race.c");
  g_autofree char *base = str_at (root, "$.runs[0].results[1].locations[0].physicalLocation.artifactLocation.uriBaseId");
  g_assert_cmpstr (base, ==, "SRCROOT");
  g_assert_cmpint (int_at (root, "$.runs[0].results[1].locations[0].physicalLocation.region.startLine"), ==, 13);
  g_autofree char *root_uri = str_at (root, "$.runs[0].originalUriBaseIds.SRCROOT.uri");
  g_assert_true (g_str_has_prefix (root_uri, "file:///"));
  g_assert_true (g_str_has_suffix (root_uri, "/tests/reports/data/"));
  g_autofree char *msg = str_at (root, "$.runs[0].results[1].message.text");
  g_assert_true (g_str_has_prefix (msg, "reader() reads counter"));
  g_autofree char *rel = str_at (root, "$.runs[0].results[1].relatedLocations[1].message.text");
  g_assert_cmpstr (rel, ==, "thread 2: read counter, no lock held");

  /* the schedule: a thread flow per thread, steps in global order, the bug's essential */
  g_autofree char *tf = str_at (root, "$.runs[0].results[1].codeFlows[0].threadFlows[2].id");
  g_assert_cmpstr (tf, ==, "T2");
  g_assert_cmpint (int_at (root, "$.runs[0].results[1].codeFlows[0].threadFlows[2].locations[1].executionOrder"), ==, 6);
  g_autofree char *imp = str_at (root, "$.runs[0].results[1].codeFlows[0].threadFlows[2].locations[1].importance");
  g_assert_cmpstr (imp, ==, "essential");
  g_autofree char *imp0 = str_at (root, "$.runs[0].results[1].codeFlows[0].threadFlows[2].locations[0].importance");
  g_assert_cmpstr (imp0, !=, "essential");
  g_autofree char *start = str_at (root, "$.runs[0].invocations[0].startTimeUtc");
  g_assert_cmpstr (start, ==, "2026-11-20T10:15:30Z");
  g_autofree char *end = str_at (root, "$.runs[0].invocations[0].endTimeUtc");
  g_assert_cmpstr (end, ==, "2026-11-20T10:16:35Z");
  g_autofree char *sub = str_at (root, "$.runs[0].results[3].properties.subkind");
  g_assert_cmpstr (sub, ==, "uninitialised-cond");
}

/* A result's level is its finding's severity; a rule's default level is
 * its kind's default severity. */
static void
test_levels (void)
{
  g_autoptr(AugurResults) r = augur_results_new ("/bin/p", "check");
  g_autoptr(AugurFinding) leak = augur_finding_new (AUGUR_FINDING_MISUSE, "not-destroyed", "m.");
  g_autoptr(AugurFinding) inv = augur_finding_new (AUGUR_FINDING_LOCK_ORDER, NULL, "a, b.");
  g_autoptr(AugurFinding) race = augur_finding_new (AUGUR_FINDING_DATA_RACE, NULL, "x.");
  augur_finding_set_severity (race, AUGUR_SEVERITY_WARNING);
  g_autoptr(AugurFinding) hang = augur_finding_new (AUGUR_FINDING_HANG, NULL, "h.");
  augur_finding_add_part (hang, race);
  augur_results_add_finding (r, leak);
  augur_results_add_finding (r, inv);
  augur_results_add_finding (r, race);
  augur_results_add_finding (r, hang);
  g_autofree char *sarif = augur_report_sarif_to_data (r, NULL, NULL);
  g_autoptr(JsonParser) p = json_parser_new ();
  g_autoptr(GError) error = NULL;
  json_parser_load_from_data (p, sarif, -1, &error);
  g_assert_no_error (error);
  JsonNode *root = json_parser_get_root (p);
  const char *want[] = { "error", "warning", "warning", "note" };
  for (guint i = 0; i < G_N_ELEMENTS (want); i++)
    {
      g_autofree char *path = g_strdup_printf ("$.runs[0].results[%u].level", i);
      g_autofree char *level = str_at (root, path);
      g_assert_cmpstr (level, ==, want[i]);
    }
  g_autofree char *rule = str_at (root, "$.runs[0].results[2].ruleId");
  g_assert_cmpstr (rule, ==, "data-race");
  g_autofree char *lo = str_at (root, "$.runs[0].tool.driver.rules[0].id");
  g_assert_cmpstr (lo, ==, "lock-order-inversion");
  g_autofree char *lo_level = str_at (root, "$.runs[0].tool.driver.rules[0].defaultConfiguration.level");
  g_assert_cmpstr (lo_level, ==, "warning");
  g_autofree char *part = str_at (root, "$.runs[0].results[0].properties.parts[0].kind");
  g_assert_cmpstr (part, ==, "data-race");
  g_autofree char *part_level = str_at (root, "$.runs[0].results[0].properties.parts[0].level");
  g_assert_cmpstr (part_level, ==, "warning");
}

static void
test_empty (void)
{
  g_autoptr(AugurResults) r = augur_results_new ("/bin/ok", "explore");
  g_autofree char *sarif = augur_report_sarif_to_data (r, NULL, NULL);
  g_autoptr(JsonParser) p = json_parser_new ();
  g_autoptr(GError) error = NULL;
  json_parser_load_from_data (p, sarif, -1, &error);
  g_assert_no_error (error);
  g_autoptr(JsonNode) results = at (json_parser_get_root (p), "$.runs[0].results");
  g_assert_cmpuint (json_array_get_length (json_node_get_array (results)), ==, 0);
}

/* A diagnosis's verified repair is a fix with artifactChanges, the
 * rejected one is not; golden log. */
static void
test_fixes (void)
{
  g_autoptr(AugurResults) r = load ("race.json");
  g_autofree char *dpath = test_data_path ("race-diagnosis.json");
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurReportDiagnosis) d = augur_report_diagnosis_load (dpath, &error);
  g_assert_no_error (error);
  gsize len;
  g_autofree char *sarif = augur_report_sarif_to_data_diagnosed (r, d, NULL, &len);
  test_compare_golden ("race-fixes.sarif", sarif);
  g_autoptr(JsonParser) p = json_parser_new ();
  g_assert_true (json_parser_load_from_data (p, sarif, -1, NULL));
  JsonNode *root = json_parser_get_root (p);
  g_autoptr(JsonNode) fixes = at (root, "$.runs[0].results[0].fixes");
  g_assert_cmpuint (json_array_get_length (json_node_get_array (fixes)), ==, 1);
  g_autofree char *uri = str_at (root, "$.runs[0].results[0].fixes[0].artifactChanges[0].artifactLocation.uri");
  g_assert_cmpstr (uri, ==, "race.c");
  g_autoptr(JsonNode) reps = at (root, "$.runs[0].results[0].fixes[0].artifactChanges[0].replacements");
  JsonArray *ra = json_node_get_array (reps);
  g_assert_cmpuint (json_array_get_length (ra), ==, 2);
  /* the insertion before line 21; then line 22 replaced by two lines */
  JsonObject *r0 = json_array_get_object_element (ra, 0);
  JsonObject *d0 = json_object_get_object_member (r0, "deletedRegion");
  g_assert_cmpint (json_object_get_int_member (d0, "startLine"), ==, 21);
  g_assert_cmpint (json_object_get_int_member (d0, "endLine"), ==, 21);
  JsonObject *r1 = json_array_get_object_element (ra, 1);
  JsonObject *d1 = json_object_get_object_member (r1, "deletedRegion");
  g_assert_cmpint (json_object_get_int_member (d1, "startLine"), ==, 22);
  g_assert_cmpint (json_object_get_int_member (d1, "endLine"), ==, 23);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (r1, "insertedContent"),
                                                  "text"), ==,
                   "  pthread_mutex_unlock (&m);\n  return v;\n");
  /* without the diagnosis, no fix */
  g_autofree char *plain = augur_report_sarif_to_data_diagnosed (r, NULL, NULL, &len);
  g_assert_null (strstr (plain, "\"fixes\""));
}

/* A diagnosis whose repairs are not all objects, and whose verified
 * repair's patch is not text: no fix, and no warning (fatal in a test). */
/* The artifactLocation of @file against @source_dir, as compact JSON. */
static char *
artifact_json (const char *file, const char *source_dir)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  json_builder_begin_object (b);
  augur_sarif_add_artifact_location (b, file, source_dir);
  json_builder_end_object (b);
  g_autoptr(JsonNode) root = json_builder_get_root (b);
  return json_to_string (root, FALSE);
}

/* One form for a file (common/sarif-log.h): under the source directory,
 * given absolute or relative, its escaped path against SRCROOT; elsewhere
 * its absolute file URI, escaped alike; a relative name with no source
 * directory as it is against SRCROOT; the base id the escaped directory. */
static void
test_artifact_location (void)
{
  const char *under = "{\"artifactLocation\":{\"uri\":\"lib/a%20b%C3%A9.c\","
                      "\"uriBaseId\":\"SRCROOT\"}}";
  g_autofree char *abs_under = artifact_json ("/srv/s d/lib/a bé.c", "/srv/s d");
  g_assert_cmpstr (abs_under, ==, under);
  g_autofree char *rel_under = artifact_json ("./lib//a bé.c", "/srv/s d/");
  g_assert_cmpstr (rel_under, ==, under);
  g_autofree char *outside = artifact_json ("/usr/include/x+y é.h", "/srv/s d");
  g_assert_cmpstr (outside, ==,
                   "{\"artifactLocation\":{\"uri\":\"file:///usr/include/x%2By%20%C3%A9.h\"}}");
  g_autofree char *above = artifact_json ("../other.c", "/srv/s d");
  g_assert_cmpstr (above, ==, "{\"artifactLocation\":{\"uri\":\"file:///srv/other.c\"}}");
  g_autofree char *no_dir = artifact_json ("lib/a bé.c", NULL);
  g_assert_cmpstr (no_dir, ==, under);

  g_autoptr(JsonBuilder) b = json_builder_new ();
  json_builder_begin_object (b);
  augur_sarif_add_uri_base_ids (b, "/srv/s d/./lib/..");
  json_builder_end_object (b);
  g_autoptr(JsonNode) root = json_builder_get_root (b);
  g_autofree char *base = str_at (root, "$.originalUriBaseIds.SRCROOT.uri");
  g_assert_cmpstr (base, ==, "file:///srv/s%20d/");
}

static void
test_fixes_odd (void)
{
  g_autoptr(AugurResults) r = load ("race.json");
  g_autofree char *dpath = test_data_path ("odd-diagnosis.json");
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurReportDiagnosis) d = augur_report_diagnosis_load (dpath, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_report_sarif_n_fixes (d, 1), ==, 0);
  gsize len;
  g_autofree char *sarif = augur_report_sarif_to_data_diagnosed (r, d, NULL, &len);
  g_assert_nonnull (strstr (sarif, "\"results\""));
  g_assert_null (strstr (sarif, "\"fixes\""));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sarif/golden", test_golden);
  g_test_add_func ("/sarif/fixes", test_fixes);
  g_test_add_func ("/sarif/fixes-odd", test_fixes_odd);
  g_test_add_func ("/sarif/artifact-location", test_artifact_location);
  g_test_add_func ("/sarif/structure", test_structure);
  g_test_add_func ("/sarif/levels", test_levels);
  g_test_add_func ("/sarif/empty", test_empty);
  return g_test_run ();
}
