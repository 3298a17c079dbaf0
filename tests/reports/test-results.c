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
#include "common/same-bug.h"
#include "common/same-name.h"
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
                   "error data-race on variable x threads T1 T2: Two threads update x without a common lock.\n"
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
                   "finding 1 error data-race on variable x threads T1 T2: Two threads update x without a common lock.\n"
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
  /* a prediction that could not be re-executed has no verdict */
  g_assert_true (augur_prediction_class_from_string ("not-tried", &cls));
  g_assert_cmpint (cls, ==, AUGUR_PREDICTION_NOT_TRIED);
  for (guint c = 0; c < AUGUR_PREDICTION_N_CLASSES; c++)
    {
      g_assert_true (augur_prediction_class_from_string (augur_prediction_class_to_string (c), &cls));
      g_assert_cmpint (cls, ==, c);
    }
}

/* Findings come out by severity, then kind, then location, whatever the
 * order they were added in. */
static void
test_sorted (void)
{
  g_autoptr(AugurResults) r = augur_results_new ("/bin/p", "explore");
  g_autoptr(AugurFinding) misuse = augur_finding_new (AUGUR_FINDING_MISUSE, "not-destroyed", "m leaks.");
  g_autoptr(AugurFinding) race_b = build_race ("z.c", 1);
  g_autoptr(AugurFinding) race_a = build_race ("a.c", 50);
  g_autoptr(AugurFinding) dl = augur_finding_new (AUGUR_FINDING_DEADLOCK, NULL, "cycle.");
  g_autoptr(AugurFinding) inv = augur_finding_new (AUGUR_FINDING_LOCK_ORDER, NULL, "a then b.");
  g_autoptr(AugurFinding) unlock = augur_finding_new (AUGUR_FINDING_MISUSE, "double-unlock", "twice.");
  augur_results_add_finding (r, misuse);
  augur_results_add_finding (r, inv);
  augur_results_add_finding (r, race_b);
  augur_results_add_finding (r, unlock);
  augur_results_add_finding (r, race_a);
  augur_results_add_finding (r, dl);
  g_assert_true (augur_results_get_finding (r, 0) == dl);
  g_assert_true (augur_results_get_finding (r, 1) == race_a);
  g_assert_true (augur_results_get_finding (r, 2) == race_b);
  g_assert_true (augur_results_get_finding (r, 3) == unlock);
  g_assert_true (augur_results_get_finding (r, 4) == inv);
  g_assert_true (augur_results_get_finding (r, 5) == misuse);
  g_autofree char *full = augur_finding_dup_full_kind (misuse);
  g_assert_cmpstr (full, ==, "misuse:not-destroyed");
}

/* The default severities of issue 15, what --fail-on counts, the summary
 * line, and a severity set by hand surviving the JSON round trip. */
static void
test_severity (void)
{
  static const struct { AugurFindingKind kind; const char *sub; AugurSeverity sev; } cases[] = {
    { AUGUR_FINDING_DEADLOCK, NULL, AUGUR_SEVERITY_ERROR },
    { AUGUR_FINDING_DATA_RACE, NULL, AUGUR_SEVERITY_ERROR },
    { AUGUR_FINDING_ATOMICITY_VIOLATION, NULL, AUGUR_SEVERITY_ERROR },
    { AUGUR_FINDING_ASSERTION, NULL, AUGUR_SEVERITY_ERROR },
    { AUGUR_FINDING_CRASH, NULL, AUGUR_SEVERITY_ERROR },
    { AUGUR_FINDING_HANG, NULL, AUGUR_SEVERITY_ERROR },
    { AUGUR_FINDING_LOCK_ORDER, NULL, AUGUR_SEVERITY_WARNING },
    { AUGUR_FINDING_MISUSE, "main-returns-with-threads", AUGUR_SEVERITY_WARNING },
    { AUGUR_FINDING_MISUSE, "not-destroyed", AUGUR_SEVERITY_NOTE },
    { AUGUR_FINDING_MISUSE, "double-unlock", AUGUR_SEVERITY_ERROR },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AugurFinding) f = augur_finding_new (cases[i].kind, cases[i].sub, "x.");
      g_assert_cmpint (augur_finding_get_severity (f), ==, cases[i].sev);
    }
  for (guint s = 0; s < AUGUR_SEVERITY_N; s++)
    {
      AugurSeverity back;
      g_assert_true (augur_severity_from_string (augur_severity_to_string (s), &back));
      g_assert_cmpint (back, ==, s);
    }
  AugurSeverity sev;
  g_assert_false (augur_severity_from_string ("fatal", &sev));

  g_autoptr(AugurResults) r = augur_results_new ("/bin/p", "check");
  g_autofree char *none = augur_results_dup_severity_summary (r);
  g_assert_cmpstr (none, ==, "no finding");
  g_autoptr(AugurFinding) leak = augur_finding_new (AUGUR_FINDING_MISUSE, "not-destroyed", "m.");
  augur_results_add_finding (r, leak);
  g_assert_cmpuint (augur_results_count_failing (r, AUGUR_SEVERITY_ERROR), ==, 0);
  g_assert_cmpuint (augur_results_count_failing (r, AUGUR_SEVERITY_WARNING), ==, 0);
  g_assert_cmpuint (augur_results_count_failing (r, AUGUR_SEVERITY_NOTE), ==, 1);
  g_autoptr(AugurFinding) race = build_race ("a.c", 3);
  augur_finding_set_severity (race, AUGUR_SEVERITY_WARNING);
  augur_results_add_finding (r, race);
  augur_results_add_static_candidate (r, "y", "b.c", 30, "b.c", 3);
  g_assert_cmpuint (augur_results_count_failing (r, AUGUR_SEVERITY_ERROR), ==, 0);
  g_assert_cmpuint (augur_results_count_failing (r, AUGUR_SEVERITY_WARNING), ==, 1);
  g_assert_cmpuint (augur_results_count_failing (r, AUGUR_SEVERITY_NOTE), ==, 3);
  g_autofree char *sum = augur_results_dup_severity_summary (r);
  g_assert_cmpstr (sum, ==, "1 warning, 2 notes");

  g_autofree char *data = augur_results_to_data (r, NULL);
  g_assert_nonnull (strstr (data, "\"severity\" : \"warning\""));
  g_assert_nonnull (strstr (data, "\"severity\" : \"note\""));
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurResults) back = augur_results_load_from_data (data, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (augur_finding_get_severity (augur_results_get_finding (back, 0)), ==,
                   AUGUR_SEVERITY_WARNING);
  g_assert_cmpint (augur_finding_get_severity (augur_results_get_finding (back, 1)), ==,
                   AUGUR_SEVERITY_NOTE);

  /* a file without severities (an older writer) gets the kinds' defaults */
  g_autofree char *path = test_data_path ("misuse.json");
  g_autoptr(AugurResults) old = augur_results_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (augur_finding_get_severity (augur_results_get_finding (old, 0)), ==,
                   AUGUR_SEVERITY_ERROR);
  g_autofree char *bad = g_strdup ("{\"schema\":\"augur-results/1\",\"program\":\"p\","
                                   "\"argv\":[\"p\"],\"command\":\"check\",\"duration_ms\":0,"
                                   "\"executions\":0,\"findings\":[{\"kind\":\"hang\","
                                   "\"severity\":\"fatal\",\"explanation\":\"x\",\"threads\":[],"
                                   "\"accesses\":[],\"schedule\":[],\"bug_steps\":[]}]}");
  g_autoptr(AugurResults) no = augur_results_load_from_data (bad, -1, &error);
  g_assert_null (no);
  g_assert_error (error, AUGUR_RESULTS_ERROR, AUGUR_RESULTS_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "finding 1: member 'severity'"));
}

/* A bug with parts: the cause chain is the explanation, the parts keep
 * their own accesses and schedules, in to_string and through JSON. */
static void
test_parts (void)
{
  g_autoptr(AugurFinding) f = augur_finding_new (AUGUR_FINDING_ASSERTION, NULL,
                                                 "assertion `n == 2` at t.c:9 fails because of a "
                                                 "data race on `x` at a.c:12 and b.c:9.");
  augur_finding_add_access (f, 0, 4, AUGUR_OP_ASSERT_FAIL, "t.c", 9, "main", NULL);
  augur_finding_set_object (f, "q->n", "variable");
  augur_finding_set_object_id (f, "T0.alloc1+8");
  g_autoptr(AugurFinding) race = build_race ("a.c", 12);
  augur_finding_add_part (f, race);
  g_assert_cmpuint (augur_finding_get_n_parts (f), ==, 1);
  g_assert_true (augur_finding_get_part (f, 0) == race);
  g_assert_cmpstr (augur_finding_get_object_id (f), ==, "T0.alloc1+8");
  g_assert_cmpstr (augur_finding_get_object_id (race), ==, "x");
  g_autofree char *s = augur_finding_to_string (f);
  g_assert_cmpstr (s, ==,
                   "error assertion on variable q->n (T0.alloc1+8) threads T0: assertion `n == 2` "
                   "at t.c:9 fails because of a data race on `x` at a.c:12 and b.c:9.\n"
                   "  access T0#4 assert-fail t.c:9 in main locks {}\n"
                   "  part 1 error data-race on variable x threads T1 T2: Two threads update x "
                   "without a common lock.\n"
                   "      access T2#7 write a.c:12 in inc locks {m1 m2}\n"
                   "      access T1#3 read b.c:9 in get locks {}\n"
                   "       0 T0#0 create T1 main.c:4 in main\n"
                   "      *1 T1#3 read x b.c:9 in get\n"
                   "      *2 T2#7 write x a.c:12 in inc\n"
                   "      replay: augur replay -- ./p\n");

  g_autoptr(AugurResults) r = augur_results_new ("/bin/p", "check");
  augur_results_add_finding (r, f);
  g_autofree char *data = augur_results_to_data (r, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurResults) back = augur_results_load_from_data (data, -1, &error);
  g_assert_no_error (error);
  g_autofree char *s2 = augur_finding_to_string (augur_results_get_finding (back, 0));
  g_assert_cmpstr (s2, ==, s);

  /* parts are one level deep */
  g_autofree char *deep = g_strdup ("{\"schema\":\"augur-results/1\",\"program\":\"p\","
                                    "\"argv\":[\"p\"],\"command\":\"check\",\"duration_ms\":0,"
                                    "\"executions\":0,\"findings\":[{\"kind\":\"hang\","
                                    "\"explanation\":\"x\",\"threads\":[],\"accesses\":[],"
                                    "\"schedule\":[],\"bug_steps\":[],\"parts\":[{\"kind\":\"hang\","
                                    "\"explanation\":\"y\",\"threads\":[],\"accesses\":[],"
                                    "\"schedule\":[],\"bug_steps\":[],\"parts\":[]}]}]}");
  g_autoptr(AugurResults) no = augur_results_load_from_data (deep, -1, &error);
  g_assert_null (no);
  g_assert_nonnull (strstr (error->message, "finding 1, part 1: member 'parts'"));
}

/* Replay commands name the results file and the finding's number in the
 * sorted order; unconfirmed predictions get none. */
static void
test_replay_commands (void)
{
  g_autoptr(AugurResults) r = augur_results_new ("/bin/p", "check");
  g_autoptr(AugurFinding) leak = augur_finding_new (AUGUR_FINDING_MISUSE, "not-destroyed", "m.");
  g_autoptr(AugurFinding) race = build_race ("a.c", 3);
  g_autoptr(AugurFinding) pred = build_race ("b.c", 4);
  augur_finding_set_prediction (pred, "race", "sat");
  augur_results_add_finding (r, leak);
  augur_results_add_finding (r, race);
  augur_results_add_finding (r, pred);
  augur_results_set_replay_commands (r, "/o/out dir/results.json");
  g_assert_cmpstr (augur_finding_get_replay (race), ==, "augur replay '/o/out dir/results.json#1'");
  g_assert_cmpstr (augur_finding_get_replay (pred), ==, "augur replay -- ./p");
  g_assert_cmpstr (augur_finding_get_replay (leak), ==, "augur replay '/o/out dir/results.json#3'");
  /* a relative path is made absolute: the command works from anywhere */
  augur_results_set_replay_commands (r, "../r/./results.json");
  g_autofree char *cwd = g_get_current_dir ();
  g_autofree char *parent = g_path_get_dirname (cwd);
  g_autofree char *want = g_strdup_printf ("augur replay %s/r/results.json#3",
                                           strcmp (parent, "/") == 0 ? "" : parent);
  g_assert_cmpstr (augur_finding_get_replay (leak), ==, want);
}

/* Deadlock wording fits what the threads wait for. */
static void
test_describe (void)
{
  g_autoptr(AugurFinding) locks = augur_finding_new (AUGUR_FINDING_DEADLOCK, NULL, "x.");
  augur_finding_add_access (locks, 1, 3, AUGUR_OP_LOCK_REQUEST, "a.c", 3, "f", NULL);
  augur_finding_add_access (locks, 2, 3, AUGUR_OP_LOCK_REQUEST, "a.c", 9, "g", NULL);
  g_assert_nonnull (strstr (augur_finding_describe (locks), "locks in a cycle"));
  g_autoptr(AugurFinding) cond = augur_finding_new (AUGUR_FINDING_DEADLOCK, NULL, "x.");
  augur_finding_add_access (cond, 1, 3, AUGUR_OP_WAKE, "a.c", 3, "f", NULL);
  g_assert_null (strstr (augur_finding_describe (cond), "cycle"));
  g_assert_nonnull (strstr (augur_finding_describe (cond), "condition variable"));
  g_autoptr(AugurFinding) race = build_race ("a.c", 3);
  g_assert_cmpstr (augur_finding_describe (race), ==,
                   augur_finding_kind_description (AUGUR_FINDING_DATA_RACE));
  g_autofree char *m = augur_thread_name (0), *t = augur_thread_name (3);
  g_assert_cmpstr (m, ==, "main");
  g_assert_cmpstr (t, ==, "thread 3");
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

static AugurFinding *
build_misuse (const char *sub, const char *object, AugurOp op, guint line)
{
  AugurFinding *f = augur_finding_new (AUGUR_FINDING_MISUSE, sub, "misused");
  augur_finding_set_object (f, object, "condition");
  augur_finding_add_access (f, 0, line, op, "m.c", line, "f", NULL);
  return f;
}

static AugurFinding *
build_deadlock (guint line_a, guint line_b)
{
  AugurFinding *f = augur_finding_new (AUGUR_FINDING_DEADLOCK, NULL, "stuck.");
  augur_finding_add_access (f, 0, 1, AUGUR_OP_WAKE, "d.c", line_a, "f", NULL);
  if (line_b != 0)
    augur_finding_add_access (f, 1, 1, AUGUR_OP_WAKE, "d.c", line_b, "g", NULL);
  return f;
}

/* Findings that are one bug become one, the others its variants
 * (common/same-bug.h): races on one variable sharing a line, a wait and a
 * signal on one uninitialised condition variable, a deadlock found with
 * its cause chain and alone.  Others stay apart. */
static void
test_same_bug (void)
{
  g_autoptr (AugurResults) r = augur_results_new ("./p", "check");
  g_autoptr (AugurFinding) r1 = build_race ("a.c", 12);     /* a.c:12, b.c:9 on x */
  g_autoptr (AugurFinding) r2 = build_race ("a.c", 20);     /* a.c:20, b.c:9 on x: same bug */
  /* c.c:1, b.c:9 on y, no lock on either side: another */
  g_autoptr (AugurFinding) r3 = augur_finding_new (AUGUR_FINDING_DATA_RACE, NULL, "y.");
  augur_finding_set_object (r3, "y", "variable");
  augur_finding_add_access (r3, 2, 7, AUGUR_OP_WRITE, "c.c", 1, "inc", NULL);
  augur_finding_add_access (r3, 1, 3, AUGUR_OP_READ, "b.c", 9, "get", NULL);
  g_autoptr (AugurFinding) r4 = augur_finding_new (AUGUR_FINDING_DATA_RACE, NULL, "x again.");
  augur_finding_set_object (r4, "x", "variable");          /* no line in common with r1 */
  augur_finding_add_access (r4, 1, 1, AUGUR_OP_WRITE, "e.c", 1, "h", NULL);
  augur_finding_add_access (r4, 2, 1, AUGUR_OP_READ, "e.c", 2, "h", NULL);
  g_autoptr (AugurFinding) u1 = build_misuse ("uninitialised-cond", "c", AUGUR_OP_WAIT, 40);
  g_autoptr (AugurFinding) u2 = build_misuse ("uninitialised-cond", "c", AUGUR_OP_SIGNAL, 52);
  g_autoptr (AugurFinding) u3 = build_misuse ("uninitialised-cond", "c2", AUGUR_OP_SIGNAL, 52);
  g_autoptr (AugurFinding) d1 = build_deadlock (198, 527);
  g_autoptr (AugurFinding) d2 = build_deadlock (198, 0);
  g_autoptr (AugurFinding) cause = build_race ("a.c", 30);
  augur_finding_add_part (d2, cause);                       /* d2 has a cause chain: it heads */
  g_autoptr (AugurFinding) d3 = build_deadlock (300, 0);
  AugurFinding *all[] = { r1, r2, r3, r4, u1, u2, u3, d1, d2, d3 };
  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    augur_results_add_finding (r, all[i]);
  /* the count a progress line shows: the merge's, the findings left as they are */
  g_assert_cmpuint (augur_same_bug_count (r), ==, 7);
  g_assert_cmpuint (augur_results_get_n_findings (r), ==, 10);
  g_assert_cmpuint (augur_finding_get_n_parts (r1), ==, 0);
  g_assert_cmpuint (augur_same_bug_merge (r), ==, 3);
  g_assert_cmpuint (augur_results_get_n_findings (r), ==, 7);
  guint seen = 0;
  for (guint i = 0; i < augur_results_get_n_findings (r); i++)
    {
      AugurFinding *f = augur_results_get_finding (r, i);
      if (f == r1)
        {
          g_assert_cmpuint (augur_finding_get_n_parts (f), ==, 1);
          g_assert_true (augur_finding_get_part (f, 0) == r2);
          g_assert_cmpstr (augur_finding_get_explanation (f), ==,
                           "Two threads update x without a common lock. The same bug shows 1 "
                           "more time, at a.c:20 (listed in it as its variant).");
          seen |= 1;
        }
      else if (f == u1)
        {
          g_assert_cmpuint (augur_finding_get_n_parts (f), ==, 1);
          g_assert_true (augur_finding_get_part (f, 0) == u2);
          seen |= 2;
        }
      else if (f == d2)
        {
          g_assert_cmpuint (augur_finding_get_n_parts (f), ==, 2);
          g_assert_true (augur_finding_get_part (f, 0) == cause);
          g_assert_true (augur_finding_get_part (f, 1) == d1);
          seen |= 4;
        }
      else
        {
          g_assert_true (f == r3 || f == r4 || f == u3 || f == d3);
          g_assert_cmpuint (augur_finding_get_n_parts (f), ==, 0);
        }
    }
  g_assert_cmpuint (seen, ==, 7);
  /* merging again changes nothing */
  g_assert_cmpuint (augur_same_bug_merge (r), ==, 0);
  g_assert_cmpuint (augur_results_get_n_findings (r), ==, 7);
}

/* Races between the same two functions, the one holding a lock the other
 * does not, are one missing lock whatever the variables; a race between
 * other functions, or with the lock on neither side, stays apart. */
static void
test_same_bug_missing_lock (void)
{
  g_autoptr (AugurResults) r = augur_results_new ("./p", "check");
  const char *lk[] = { "lk", NULL };
  const char *other[] = { "other", NULL };
  struct { const char *object, *fa, *fb; const char *const *held_a, *const *held_b; guint line; } cases[] = {
    { "conf.min", "reload", "log", lk, NULL, 10 },      /* heads */
    { "conf.max", "reload", "log", lk, NULL, 11 },      /* joins */
    { "conf.fd", "log", "reload", NULL, lk, 12 },       /* joins: the sides in the other order */
    { "conf.level", "reload", "dump", lk, NULL, 13 },   /* another function */
    { "conf.name", "reload", "log", other, NULL, 14 },  /* another lock */
    { "conf.size", "reload", "log", NULL, NULL, 15 },   /* no lock */
    { "conf.min", "other", "log", NULL, NULL, 10 },     /* joins by the head's object and line */
  };
  AugurFinding *f[G_N_ELEMENTS (cases)];
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      f[i] = augur_finding_new (AUGUR_FINDING_DATA_RACE, NULL, "Race.");
      augur_finding_set_object (f[i], cases[i].object, "variable");
      augur_finding_add_access (f[i], 1, 1, AUGUR_OP_WRITE, "z.c", cases[i].line, cases[i].fa,
                                (const char **) cases[i].held_a);
      augur_finding_add_access (f[i], 2, 1, AUGUR_OP_READ, "z.c", 40 + i, cases[i].fb,
                                (const char **) cases[i].held_b);
      augur_results_add_finding (r, f[i]);
    }
  g_assert_cmpuint (augur_same_bug_merge (r), ==, 3);
  g_assert_cmpuint (augur_results_get_n_findings (r), ==, 4);
  g_assert_true (augur_results_get_finding (r, 0) == f[0]);
  g_assert_cmpuint (augur_finding_get_n_parts (f[0]), ==, 3);
  guint seen = 0;
  for (guint k = 0; k < 3; k++)
    {
      AugurFinding *part = augur_finding_get_part (f[0], k);
      seen |= (part == f[1]) << 0 | (part == f[2]) << 1 | (part == f[6]) << 2;
    }
  g_assert_cmpuint (seen, ==, 7);
  /* the one that joined by its object is not said to be the lock's */
  g_assert_cmpstr (augur_finding_get_explanation (f[0]), ==,
                   "Race. The same bug shows 3 more times, at z.c:11, z.c:12, z.c:41, z.c:42 and "
                   "z.c:46 (listed in it as its variants). 2 of them are between reload(), which "
                   "holds `lk`, and log(), which does not: one missing lock.");
  for (guint i = 3; i < 6; i++)
    g_assert_cmpuint (augur_finding_get_n_parts (f[i]), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    augur_finding_unref (f[i]);
}

static AugurFinding *
build_lifetime (const char *sub, AugurOp end_op, guint end_line, const char *end_function,
                AugurOp other_op, guint other_line)
{
  AugurFinding *f = augur_finding_new (AUGUR_FINDING_MISUSE, sub, "ended.");
  augur_finding_set_object (f, sub, "block");
  augur_finding_add_access (f, 1, 1, end_op, "t.c", end_line, end_function, NULL);
  augur_finding_add_access (f, 2, 1, other_op, "t.c", other_line,
                            other_op == end_op ? end_function : "user", NULL);
  return f;
}

/* A teardown that two threads run (cgaebel/pipe's deallocate): each
 * object it frees or destroys shows its own misuse, of several kinds; all
 * whose free or destroy is in that function are one bug, which says so.
 * A misuse ended elsewhere (uses after a teardown that ran once), and
 * one of another sort, stay apart. */
static void
test_same_bug_teardown (void)
{
  g_autoptr (AugurResults) r = augur_results_new ("./p", "explore");
  g_autoptr (AugurFinding) a = build_lifetime ("destroy-held-mutex", AUGUR_OP_DESTROY, 20, "teardown",
                                               AUGUR_OP_LOCK, 50);
  g_autoptr (AugurFinding) b = build_lifetime ("double-destroy", AUGUR_OP_DESTROY, 21, "teardown",
                                               AUGUR_OP_DESTROY, 21);
  g_autoptr (AugurFinding) c = build_lifetime ("double-free", AUGUR_OP_FREE, 23, "teardown",
                                               AUGUR_OP_FREE, 23);
  g_autoptr (AugurFinding) d = build_lifetime ("use-after-free", AUGUR_OP_FREE, 23, "teardown",
                                               AUGUR_OP_READ, 60);
  g_autoptr (AugurFinding) e = build_lifetime ("use-after-free", AUGUR_OP_FREE, 90, "other_end",
                                               AUGUR_OP_READ, 91);
  g_autoptr (AugurFinding) g = build_lifetime ("double-unlock", AUGUR_OP_UNLOCK, 24, "teardown",
                                               AUGUR_OP_UNLOCK, 24);
  /* uses after a teardown that ran once: each its own */
  g_autoptr (AugurFinding) h = build_lifetime ("use-after-destroy", AUGUR_OP_DESTROY, 92, "other_end",
                                               AUGUR_OP_LOCK, 95);
  AugurFinding *all[] = { a, b, c, d, e, g, h };
  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    augur_results_add_finding (r, all[i]);
  g_assert_cmpuint (augur_same_bug_merge (r), ==, 3);
  g_assert_cmpuint (augur_results_get_n_findings (r), ==, 4);
  AugurFinding *head = NULL;
  for (guint i = 0; i < augur_results_get_n_findings (r); i++)
    if (augur_finding_get_n_parts (augur_results_get_finding (r, i)) > 0)
      head = augur_results_get_finding (r, i);
  g_assert_nonnull (head);
  g_assert_cmpuint (augur_finding_get_n_parts (head), ==, 3);
  g_assert_nonnull (strstr (augur_finding_get_explanation (head),
                            "Each of them ends an object's life in teardown() (t.c): a teardown "
                            "that runs twice"));
}

/* Two blocks' fields of one name (two pipes from one constructor) are
 * told apart by their blocks; a name of one object is left as it is */
static void
test_same_name (void)
{
  g_autoptr (AugurResults) r = augur_results_new ("./p", "explore");
  g_autoptr (AugurFinding) a = build_race ("a.c", 12);
  g_autoptr (AugurFinding) b = build_race ("a.c", 20);
  g_autoptr (AugurFinding) c = build_race ("a.c", 30);
  augur_finding_set_object (a, "p->end", "variable");
  augur_finding_set_object_id (a, "T0.alloc1+48");
  augur_finding_set_object (b, "p->end", "variable");
  augur_finding_set_object_id (b, "T0.alloc3+48");
  augur_finding_set_object (c, "p->begin", "variable");
  augur_finding_set_object_id (c, "T0.alloc1+40");
  augur_results_add_finding (r, a);
  augur_results_add_finding (r, b);
  augur_results_add_finding (r, c);
  g_assert_cmpuint (augur_same_name_tell_apart (r), ==, 2);
  g_assert_cmpstr (augur_finding_get_object (a), ==, "p->end (in T0.alloc1)");
  g_assert_cmpstr (augur_finding_get_object (b), ==, "p->end (in T0.alloc3)");
  g_assert_cmpstr (augur_finding_get_object_id (b), ==, "T0.alloc3+48");
  g_assert_cmpstr (augur_finding_get_object_kind (b), ==, "variable");
  g_assert_cmpstr (augur_finding_get_object (c), ==, "p->begin");
}

/* A double free is a misuse of memory, not of the threads API; a double
 * destroy is of the threads API */
static void
test_memory_misuse_title (void)
{
  g_autoptr (AugurFinding) df = build_lifetime ("double-free", AUGUR_OP_FREE, 5, "f", AUGUR_OP_FREE, 5);
  g_autoptr (AugurFinding) dd = build_lifetime ("double-destroy", AUGUR_OP_DESTROY, 5, "f",
                                                AUGUR_OP_DESTROY, 5);
  g_assert_cmpstr (augur_finding_title (df), ==, "Misuse of memory");
  g_assert_nonnull (strstr (augur_finding_describe (df), "frees memory twice"));
  g_assert_cmpstr (augur_finding_title (dd), ==, "Misuse of the threads API");
  g_assert_nonnull (strstr (augur_finding_describe (dd), "threads API"));
}

/* A bug at 100 line pairs keeps the first 64 as parts, each with its
 * schedule; the explanation names every line (common/same-bug.c). */
static void
test_same_bug_capped (void)
{
  g_autoptr (AugurResults) r = augur_results_new ("./p", "check");
  for (guint k = 0; k < 100; k++)
    {
      g_autoptr (AugurFinding) f = augur_finding_new (AUGUR_FINDING_DATA_RACE, NULL, "x.");
      augur_finding_set_object (f, "x", "variable");
      augur_finding_add_access (f, 1, 1, AUGUR_OP_WRITE, "t.c", 5, "t", NULL);
      augur_finding_add_access (f, 2, 1, AUGUR_OP_WRITE, "t.c", 10 + k, "t", NULL);
      augur_results_add_finding (r, f);
    }
  g_assert_cmpuint (augur_same_bug_count (r), ==, 1);
  /* beyond the count's cap it does not compare every pair again */
  g_autoptr (AugurResults) many = augur_results_new ("./p", "check");
  for (guint k = 0; k <= AUGUR_SAME_BUG_COUNT_MAX; k++)
    augur_results_add_finding (many, augur_results_get_finding (r, k % 100));
  g_assert_cmpuint (augur_same_bug_count (many), ==, G_MAXUINT);
  g_assert_cmpuint (augur_same_bug_merge (r), ==, 99);
  g_assert_cmpuint (augur_results_get_n_findings (r), ==, 1);
  AugurFinding *f = augur_results_get_finding (r, 0);
  g_assert_cmpuint (augur_finding_get_n_parts (f), ==, 64);
  const char *e = augur_finding_get_explanation (f);
  g_assert_nonnull (strstr (e, "The same bug shows 99 more times, at "));
  g_assert_nonnull (strstr (e, "t.c:109"));
  g_assert_nonnull (strstr (e, "(the first 64 listed in it as its variants)."));
}

/* Races on one variable at lines 6-6, 7-7 and 6-7 are one bug: the third
 * joins the first two, taken in either order (a finding joined only the
 * first earlier one, and 7-7 stayed a bug of its own). */
static AugurFinding *
build_race_pair (guint line_a, guint line_b)
{
  AugurFinding *f = augur_finding_new (AUGUR_FINDING_DATA_RACE, NULL, "x again.");
  augur_finding_set_object (f, "x", "variable");
  augur_finding_add_access (f, 1, 1, AUGUR_OP_WRITE, "t.c", line_a, "t", NULL);
  augur_finding_add_access (f, 2, 1, AUGUR_OP_WRITE, "t.c", line_b, "t", NULL);
  return f;
}

static void
test_same_bug_transitive (void)
{
  g_autoptr (AugurResults) r = augur_results_new ("./p", "check");
  g_autoptr (AugurFinding) a = build_race_pair (6, 6);
  g_autoptr (AugurFinding) b = build_race_pair (7, 7);
  g_autoptr (AugurFinding) c = build_race_pair (6, 7);
  g_autoptr (AugurFinding) d = build_race_pair (8, 8);
  AugurFinding *all[] = { a, b, c, d };
  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    augur_results_add_finding (r, all[i]);
  g_assert_cmpuint (augur_same_bug_count (r), ==, 2);
  g_assert_cmpuint (augur_same_bug_merge (r), ==, 2);
  g_assert_cmpuint (augur_results_get_n_findings (r), ==, 2);
  AugurFinding *head = augur_results_get_finding (r, 0);
  AugurFinding *other = augur_results_get_finding (r, 1);
  if (head == d)
    {
      head = other;
      other = d;
    }
  g_assert_true (other == d);
  g_assert_cmpuint (augur_finding_get_n_parts (head), ==, 2);
  g_assert_cmpuint (augur_finding_get_n_parts (d), ==, 0);
  g_assert_nonnull (strstr (augur_finding_get_explanation (head),
                            "The same bug shows 2 more times, at t.c:7 (listed in it as its variants)."));
}

/* A deadlock whose schedule needed a spurious wake-up does not head a bug
 * one of whose variants (the same stuck wait) needs none. */
static void
test_same_bug_spurious_head (void)
{
  g_autoptr (AugurResults) r = augur_results_new ("./p", "check");
  g_autoptr (AugurFinding) rare = augur_finding_new (
    AUGUR_FINDING_DEADLOCK, NULL, "stuck. Thread 2 wakes up at d.c:110 " AUGUR_SPURIOUS_MARK
    ": the deadlock may need it.");
  augur_finding_add_access (rare, 2, 1, AUGUR_OP_WAKE, "d.c", 110, "w", NULL);
  g_autoptr (AugurFinding) plain = build_deadlock (110, 139);
  augur_results_add_finding (r, rare);
  augur_results_add_finding (r, plain);
  g_assert_cmpuint (augur_same_bug_merge (r), ==, 1);
  g_assert_cmpuint (augur_results_get_n_findings (r), ==, 1);
  AugurFinding *head = augur_results_get_finding (r, 0);
  g_assert_true (head == plain);
  g_assert_cmpuint (augur_finding_get_n_parts (head), ==, 1);
  g_assert_null (strstr (augur_finding_get_explanation (head), AUGUR_SPURIOUS_MARK));
  g_assert_true (augur_finding_get_part (head, 0) == rare);
}

/* A finding's object with its kind, the kind said once: "on thread 1",
 * not "on thread thread 1". */
static void
test_object_phrase (void)
{
  static const char *const cases[][3] = {
    { "variable", "counter", "variable counter" },
    { "thread", "thread 1", "thread 1" },
    { "thread", "main", "main" },
    { "mutex", "q->lock", "mutex q->lock" },
    { NULL, "x", "object x" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (AugurFinding) f = augur_finding_new (AUGUR_FINDING_MISUSE, "x", "x.");
      augur_finding_set_object (f, cases[i][1], cases[i][0]);
      g_autofree char *got = augur_finding_dup_object_phrase (f);
      g_assert_cmpstr (got, ==, cases[i][2]);
    }
  g_autoptr (AugurFinding) none = augur_finding_new (AUGUR_FINDING_MISUSE, "x", "x.");
  g_assert_null (augur_finding_dup_object_phrase (none));
}

/* An access's callers (a lock taken through a wrapper) survive the JSON
 * round trip and show in the text form. */
static void
test_callers (void)
{
  g_autoptr (AugurResults) r = augur_results_new ("./p", "explore");
  g_autoptr (AugurFinding) f = augur_finding_new (AUGUR_FINDING_LOCK_ORDER, NULL, "inverted.");
  augur_finding_add_access (f, 1, 2, AUGUR_OP_LOCK, "yarn.c", 112, "possess", NULL);
  AugurFrame frames[] = { { "pigz.c", 1380, "get_space" }, { NULL, 0, "main" } };
  augur_finding_set_access_callers (f, 0, frames, G_N_ELEMENTS (frames));
  augur_results_add_finding (r, f);
  gsize len;
  g_autofree char *data = augur_results_to_data (r, &len);
  g_autoptr (GError) error = NULL;
  g_autoptr (AugurResults) back = augur_results_load_from_data (data, (gssize) len, &error);
  g_assert_no_error (error);
  const AugurAccess *a = augur_finding_get_access (augur_results_get_finding (back, 0), 0);
  g_assert_cmpuint (a->n_callers, ==, 2);
  g_assert_cmpstr (a->callers[0].function, ==, "get_space");
  g_assert_cmpuint (a->callers[0].line, ==, 1380);
  g_assert_null (a->callers[1].file);
  g_autofree char *text = augur_finding_to_string (augur_results_get_finding (back, 0));
  g_assert_nonnull (strstr (text, "  access T1#2 lock yarn.c:112 in possess locks {}\n"
                                  "    called from pigz.c:1380 in get_space\n"
                                  "    called from ? in main\n"));
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
  g_test_add_func ("/results/severity", test_severity);
  g_test_add_func ("/results/parts", test_parts);
  g_test_add_func ("/results/same-bug", test_same_bug);
  g_test_add_func ("/results/same-bug-transitive", test_same_bug_transitive);
  g_test_add_func ("/results/same-bug-missing-lock", test_same_bug_missing_lock);
  g_test_add_func ("/results/same-bug-capped", test_same_bug_capped);
  g_test_add_func ("/results/same-bug-spurious-head", test_same_bug_spurious_head);
  g_test_add_func ("/results/object-phrase", test_object_phrase);
  g_test_add_func ("/results/callers", test_callers);
  g_test_add_func ("/results/replay-commands", test_replay_commands);
  g_test_add_func ("/results/describe", test_describe);
  g_test_add_func ("/results/all-order", test_all_order);
  g_test_add_func ("/results/same-bug-teardown", test_same_bug_teardown);
  g_test_add_func ("/results/memory-misuse-title", test_memory_misuse_title);
  g_test_add_func ("/results/same-name", test_same_name);
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
