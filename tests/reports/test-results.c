/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-results.c — the results model (common/results.[ch]): builders and
 * their _to_string() against golden strings, the deterministic order of
 * findings, the augur-results/1 JSON against golden files (read, then
 * written back: the report's --format json), and every kind of bad file.
 */
#include "config.h"

#include <string.h>

#include "common/results.h"
#include "tests/reports/test-golden.h"

static AugurFinding *
build_race (const char *file_a, guint line_a)
{
  AugurFinding *f = augur_finding_new (AUGUR_FINDING_DATA_RACE, NULL,
                                       "Two threads update x without a common lock.");
  const char *held[] = { "m2", "m1", NULL };
  augur_finding_set_object (f, "x", "variable");
  augur_finding_add_access (f, 2, 7, AUGUR_OP_WRITE, file_a, line_a, "inc", held);
  augur_finding_add_access (f, 1, 3, AUGUR_OP_READ, "b.c", 9, "get", NULL);
  guint s0 = augur_finding_add_step (f, 0, 0, AUGUR_OP_CREATE, NULL, 1, "main.c", 4, "main");
  guint s1 = augur_finding_add_step (f, 1, 3, AUGUR_OP_READ, "x", -1, "b.c", 9, "get");
  guint s2 = augur_finding_add_step (f, 2, 7, AUGUR_OP_WRITE, "x", -1, file_a, line_a, "inc");
  g_assert_cmpuint (s0, ==, 0);
  augur_finding_mark_bug_step (f, s2);
  augur_finding_mark_bug_step (f, s1);
  augur_finding_mark_bug_step (f, s1);
  augur_finding_set_replay (f, "augur replay -- ./p");
  return f;
}

static void
test_finding_to_string (void)
{
  g_autoptr(AugurFinding) f = build_race ("a.c", 12);
  g_autofree char *s = augur_finding_to_string (f);
  g_assert_cmpstr (s, ==,
                   "data-race on variable x threads T1 T2: Two threads update x without a common lock.\n"
                   "  access T2#7 write a.c:12 in inc locks {m1 m2}\n"
                   "  access T1#3 read b.c:9 in get locks {}\n"
                   "   0 T0#0 create T1 main.c:4 in main\n"
                   "  *1 T1#3 read x b.c:9 in get\n"
                   "  *2 T2#7 write x a.c:12 in inc\n"
                   "  replay: augur replay -- ./p\n");
  guint n;
  const guint *bug = augur_finding_get_bug_steps (f, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (bug[0], ==, 1);
  g_assert_cmpuint (bug[1], ==, 2);
  g_assert_cmpint (augur_finding_find_step (f, 2, 7), ==, 2);
  g_assert_cmpint (augur_finding_find_step (f, 2, 8), ==, -1);
}

/* A prediction the explorer confirmed keeps its pattern and answer and
 * gains a class, which survives the JSON round trip. */
static void
test_prediction_class (void)
{
  g_autoptr(AugurFinding) f = build_race ("a.c", 12);
  AugurPredictionClass cls = AUGUR_PREDICTION_BENIGN;
  g_assert_false (augur_finding_get_prediction_class (f, &cls));
  augur_finding_set_prediction (f, "race", "sat");
  g_assert_false (augur_finding_get_prediction_class (f, &cls));
  augur_finding_set_prediction_class (f, AUGUR_PREDICTION_HARMFUL);
  g_assert_true (augur_finding_get_prediction_class (f, &cls));
  g_assert_cmpint (cls, ==, AUGUR_PREDICTION_HARMFUL);
  g_autofree char *s = augur_finding_to_string (f);
  g_assert_nonnull (strstr (s, "  prediction: race, sat, harmful\n"));

  g_autoptr(AugurResults) r = augur_results_new ("/bin/p", "confirm");
  augur_results_add_finding (r, f);
  gsize len;
  g_autofree char *data = augur_results_to_data (r, &len);
  g_assert_nonnull (strstr (data, "\"class\" : \"harmful\""));
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurResults) back = augur_results_load_from_data (data, (gssize) len, &error);
  g_assert_no_error (error);
  cls = AUGUR_PREDICTION_BENIGN;
  g_assert_true (augur_finding_get_prediction_class (augur_results_get_finding (back, 0), &cls));
  g_assert_cmpint (cls, ==, AUGUR_PREDICTION_HARMFUL);
}

static void
test_results_to_string (void)
{
  g_autoptr(AugurResults) r = augur_results_new ("/bin/p", "explore");
  const char *argv[] = { "p", "-n", "3", NULL };
  augur_results_set_argv (r, argv);
  augur_results_set_mode (r, "exhaustive");
  g_autoptr(GDateTime) dt = g_date_time_new_utc (2026, 1, 2, 3, 4, 5);
  augur_results_set_started (r, dt);
  augur_results_set_duration (r, 1.25);
  augur_results_set_executions (r, 42);
  augur_results_add_bound_hit (r, "preemptions=2");
  augur_results_add_bound_hit (r, "executions=10");
  augur_results_add_bound_hit (r, "preemptions=2");
  augur_results_add_predictions (r, AUGUR_FINDING_DATA_RACE, AUGUR_PREDICTION_BENIGN, 2);
  augur_results_add_predictions (r, AUGUR_FINDING_DEADLOCK, AUGUR_PREDICTION_HARMFUL, 1);
  augur_results_add_predictions (r, AUGUR_FINDING_DATA_RACE, AUGUR_PREDICTION_BENIGN, 1);
  augur_results_add_static_candidate (r, "y", "b.c", 30, "b.c", 3);
  g_autoptr(AugurFinding) f = build_race ("a.c", 12);
  augur_results_add_finding (r, f);

  g_autofree char *s = augur_results_to_string (r);
  g_assert_cmpstr (s, ==,
                   "augur-results/1 explore\n"
                   "program /bin/p\n"
                   "argv p -n 3\n"
                   "mode exhaustive\n"
                   "started 2026-01-02T03:04:05Z\n"
                   "duration 1250 ms\n"
                   "executions 42\n"
                   "bound-hit executions=10\n"
                   "bound-hit preemptions=2\n"
                   "predictions deadlock harmful 1\n"
                   "predictions data-race benign 3\n"
                   "static-candidate y b.c:3 b.c:30\n"
                   "finding 1 data-race on variable x threads T1 T2: Two threads update x without a common lock.\n"
                   "  access T2#7 write a.c:12 in inc locks {m1 m2}\n"
                   "  access T1#3 read b.c:9 in get locks {}\n"
                   "   0 T0#0 create T1 main.c:4 in main\n"
                   "  *1 T1#3 read x b.c:9 in get\n"
                   "  *2 T2#7 write x a.c:12 in inc\n"
                   "  replay: augur replay -- ./p\n");
  g_assert_cmpuint (augur_results_get_n_predictions (r, AUGUR_PREDICTION_BENIGN), ==, 3);
  g_autofree char *cl = augur_results_dup_command_line (r);
  g_assert_cmpstr (cl, ==, "p -n 3");
  const char *odd[] = { "p", "a b", "", "x=1,y@2", "<i>", NULL };
  g_autoptr(AugurResults) r_odd = augur_results_new ("/bin/p", "explore");
  augur_results_set_argv (r_odd, odd);
  g_autofree char *cl_odd = augur_results_dup_command_line (r_odd);
  g_assert_cmpstr (cl_odd, ==, "p 'a b' '' x=1,y@2 '<i>'");
  g_assert_cmpuint (augur_results_get_n_predictions (r, AUGUR_PREDICTION_NOT_REALISABLE), ==, 0);

  /* What is written is read back the same. */
  gsize len;
  g_autofree char *data = augur_results_to_data (r, &len);
  g_assert_cmpuint (len, ==, strlen (data));
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurResults) back = augur_results_load_from_data (data, (gssize) len, &error);
  g_assert_no_error (error);
  g_autofree char *s2 = augur_results_to_string (back);
  g_assert_cmpstr (s2, ==, s);
}

static void
test_names (void)
{
  for (guint k = 0; k < AUGUR_FINDING_N_KINDS; k++)
    {
      AugurFindingKind back;
      g_assert_true (augur_finding_kind_from_string (augur_finding_kind_to_string (k), &back));
      g_assert_cmpint (back, ==, k);
      g_assert_nonnull (augur_finding_kind_title (k));
      g_assert_nonnull (augur_finding_kind_description (k));
    }
  for (guint op = 0; op < AUGUR_OP_N_OPS; op++)
    {
      AugurOp back;
      g_assert_true (augur_op_from_string (augur_op_to_string (op), &back));
      g_assert_cmpint (back, ==, op);
    }
  AugurOp op;
  g_assert_false (augur_op_from_string ("teleport", &op));
  AugurPredictionClass cls;
  g_assert_true (augur_prediction_class_from_string ("not-realisable", &cls));
  g_assert_cmpint (cls, ==, AUGUR_PREDICTION_NOT_REALISABLE);
}

/* Findings come out by kind, then by location, whatever the order they were added in. */
static void
test_sorted (void)
{
  g_autoptr(AugurResults) r = augur_results_new ("/bin/p", "explore");
  g_autoptr(AugurFinding) misuse = augur_finding_new (AUGUR_FINDING_MISUSE, "not-destroyed", "m leaks.");
  g_autoptr(AugurFinding) race_b = build_race ("z.c", 1);
  g_autoptr(AugurFinding) race_a = build_race ("a.c", 50);
  g_autoptr(AugurFinding) dl = augur_finding_new (AUGUR_FINDING_DEADLOCK, NULL, "cycle.");
  augur_results_add_finding (r, misuse);
  augur_results_add_finding (r, race_b);
  augur_results_add_finding (r, race_a);
  augur_results_add_finding (r, dl);
  g_assert_true (augur_results_get_finding (r, 0) == dl);
  g_assert_true (augur_results_get_finding (r, 1) == race_a);
  g_assert_true (augur_results_get_finding (r, 2) == race_b);
  g_assert_true (augur_results_get_finding (r, 3) == misuse);
  g_autofree char *full = augur_finding_dup_full_kind (misuse);
  g_assert_cmpstr (full, ==, "misuse:not-destroyed");
}

/* Each data file, read and written back, equals its golden JSON exactly;
 * the golden JSON read again gives itself. */
static void
test_json_golden (gconstpointer data)
{
  const char *name = data;
  g_autofree char *path = test_data_path (name);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurResults) r = augur_results_load (path, &error);
  g_assert_no_error (error);
  gsize len;
  g_autofree char *json = augur_results_to_data (r, &len);
  test_compare_golden (name, json);

  g_autoptr(AugurResults) again = augur_results_load_from_data (json, (gssize) len, &error);
  g_assert_no_error (error);
  g_autofree char *json2 = augur_results_to_data (again, NULL);
  g_assert_cmpstr (json2, ==, json);
}

static void
test_all_order (void)
{
  g_autofree char *path = test_data_path ("all.json");
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurResults) r = augur_results_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_results_get_n_findings (r), ==, 4);
  const AugurFindingKind expect[] = { AUGUR_FINDING_DEADLOCK, AUGUR_FINDING_DATA_RACE,
                                      AUGUR_FINDING_ATOMICITY_VIOLATION, AUGUR_FINDING_MISUSE };
  for (guint i = 0; i < 4; i++)
    g_assert_cmpint (augur_finding_get_kind (augur_results_get_finding (r, i)), ==, expect[i]);
  g_assert_cmpuint (augur_results_get_n_static_candidates (r), ==, 2);
  g_assert_cmpstr (augur_results_get_static_candidate (r, 0)->file_a, ==, "account.c");
}

typedef struct {
  const char *file;
  AugurResultsError code;
  const char *fragment;   /* the message must say where */
} BadCase;

static const BadCase bad_cases[] = {
  { "bad-not-json.json", AUGUR_RESULTS_ERROR_PARSE, "not JSON" },
  { "bad-schema.json", AUGUR_RESULTS_ERROR_SCHEMA, "augur-results/2" },
  { "bad-bug-step.json", AUGUR_RESULTS_ERROR_INVALID, "bug_steps" },
  { "bad-op.json", AUGUR_RESULTS_ERROR_INVALID, "schedule step 2" },
  { "bad-missing.json", AUGUR_RESULTS_ERROR_INVALID, "'explanation' is missing" },
  { "no-such-file.json", AUGUR_RESULTS_ERROR_IO, "no-such-file.json" },
};

static void
test_bad (gconstpointer data)
{
  const BadCase *c = data;
  g_autofree char *path = test_data_path (c->file);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurResults) r = augur_results_load (path, &error);
  g_assert_null (r);
  g_assert_error (error, AUGUR_RESULTS_ERROR, (gint) c->code);
  g_assert_nonnull (strstr (error->message, c->fragment));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/results/finding-to-string", test_finding_to_string);
  g_test_add_func ("/results/prediction-class", test_prediction_class);
  g_test_add_func ("/results/results-to-string", test_results_to_string);
  g_test_add_func ("/results/names", test_names);
  g_test_add_func ("/results/sorted", test_sorted);
  g_test_add_func ("/results/all-order", test_all_order);
  static const char *const goldens[] = { "race.json", "deadlock.json", "atomicity.json",
                                         "misuse.json", "all.json" };
  for (guint i = 0; i < G_N_ELEMENTS (goldens); i++)
    {
      g_autofree char *name = g_strdup_printf ("/results/json-golden/%s", goldens[i]);
      g_test_add_data_func (name, goldens[i], test_json_golden);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/results/bad/%s", bad_cases[i].file);
      g_test_add_data_func (name, &bad_cases[i], test_bad);
    }
  return g_test_run ();
}
