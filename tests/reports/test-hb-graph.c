/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-hb-graph.c — the happens-before diagram (reports/hb-graph.[ch] and
 * reports/relevance.[ch]): golden DOT for small findings, the edges each
 * kind of finding must highlight, the SVG rendered through gvc, escaping of
 * program text, and a 10^6-step schedule that still gives a small picture.
 */
#include "config.h"

#include <string.h>

#include "common/results.h"
#include "reports/hb-graph.h"
#include "reports/relevance.h"
#include "reports/report-error.h"
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
test_dot_golden (gconstpointer data)
{
  const char *name = data;   /* "race" */
  g_autofree char *json = g_strconcat (name, ".json", NULL);
  g_autofree char *dot_name = g_strconcat (name, ".dot", NULL);
  g_autoptr(AugurResults) r = load (json);
  g_autoptr(AugurReportHbGraph) g = augur_report_hb_graph_new (augur_results_get_finding (r, 0), 1,
                                                               AUGUR_REPORT_MAX_RELEVANT_STEPS);
  g_autofree char *dot = augur_report_hb_graph_to_dot (g);
  test_compare_golden (dot_name, dot);

  /* Same input, same bytes. */
  g_autoptr(AugurReportHbGraph) g2 = augur_report_hb_graph_new (augur_results_get_finding (r, 0), 1,
                                                                AUGUR_REPORT_MAX_RELEVANT_STEPS);
  g_autofree char *dot2 = augur_report_hb_graph_to_dot (g2);
  g_assert_cmpstr (dot, ==, dot2);
}

static gboolean
has_edge (AugurReportRelevance *rel, guint from, guint to, AugurReportEdgeKind kind)
{
  guint n;
  const AugurReportEdge *e = augur_report_relevance_get_edges (rel, &n);
  for (guint i = 0; i < n; i++)
    if (e[i].from == from && e[i].to == to && e[i].kind == kind)
      return TRUE;
  return FALSE;
}

static guint
count_highlights (AugurReportRelevance *rel)
{
  guint n, c = 0;
  const AugurReportEdge *e = augur_report_relevance_get_edges (rel, &n);
  for (guint i = 0; i < n; i++)
    c += augur_report_edge_kind_is_highlight (e[i].kind);
  return c;
}

/* The relevant steps and edges of the atomicity violation, and a cut that
 * keeps the bug's steps only. */
static void
test_relevance_to_string (void)
{
  g_autoptr(AugurResults) r = load ("atomicity.json");
  AugurFinding *f = augur_results_get_finding (r, 0);
  g_autoptr(AugurReportRelevance) rel = augur_report_relevance_compute (f, 60);
  g_autofree char *s = augur_report_relevance_to_string (rel);
  g_assert_cmpstr (s, ==,
                   "steps 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n"
                   "edge 0->1 program-order\n"
                   "edge 0->2 create\n"
                   "edge 1->6 create\n"
                   "edge 1->14 program-order\n"
                   "edge 2->3 program-order\n"
                   "edge 3->4 program-order\n"
                   "edge 4->5 program-order\n"
                   "edge 4->8 then\n"
                   "edge 5->7 unlock-lock\n"
                   "edge 5->10 program-order\n"
                   "edge 6->7 program-order\n"
                   "edge 7->8 program-order\n"
                   "edge 8->9 program-order\n"
                   "edge 8->11 then\n"
                   "edge 9->10 unlock-lock\n"
                   "edge 9->15 program-order\n"
                   "edge 10->11 program-order\n"
                   "edge 11->12 program-order\n"
                   "edge 12->13 program-order\n"
                   "edge 13->14 join\n"
                   "edge 14->16 program-order\n"
                   "edge 15->16 join\n");

  g_autoptr(AugurReportRelevance) cut = augur_report_relevance_compute (f, 1);
  g_autofree char *c = augur_report_relevance_to_string (cut);
  g_assert_cmpstr (c, ==,
                   "steps 4 8 11\n"
                   "edge 4->8 then\n"
                   "edge 4->11 program-order skipping 2\n"
                   "edge 8->11 then\n");
}

/* Step numbers refer to the schedules in tests/reports/data/. */
static void
test_edges (void)
{
  {
    g_autoptr(AugurResults) r = load ("race.json");
    g_autoptr(AugurReportRelevance) rel = augur_report_relevance_compute (augur_results_get_finding (r, 0), 60);
    g_assert_true (has_edge (rel, 4, 6, AUGUR_REPORT_EDGE_CONFLICT));
    g_assert_true (has_edge (rel, 0, 2, AUGUR_REPORT_EDGE_CREATE));
    g_assert_true (has_edge (rel, 10, 11, AUGUR_REPORT_EDGE_JOIN));
    g_assert_true (has_edge (rel, 3, 4, AUGUR_REPORT_EDGE_PROGRAM_ORDER));
    g_assert_cmpuint (count_highlights (rel), ==, 1);
  }
  {
    g_autoptr(AugurResults) r = load ("deadlock.json");
    g_autoptr(AugurReportRelevance) rel = augur_report_relevance_compute (augur_results_get_finding (r, 0), 60);
    /* each blocked request waits for the other thread's acquire */
    g_assert_true (has_edge (rel, 6, 5, AUGUR_REPORT_EDGE_WAITS_FOR));
    g_assert_true (has_edge (rel, 7, 3, AUGUR_REPORT_EDGE_WAITS_FOR));
    g_assert_cmpuint (count_highlights (rel), ==, 2);
  }
  {
    g_autoptr(AugurResults) r = load ("atomicity.json");
    g_autoptr(AugurReportRelevance) rel = augur_report_relevance_compute (augur_results_get_finding (r, 0), 60);
    g_assert_true (has_edge (rel, 4, 8, AUGUR_REPORT_EDGE_THEN));
    g_assert_true (has_edge (rel, 8, 11, AUGUR_REPORT_EDGE_THEN));
    /* the critical sections synchronise through m */
    g_assert_true (has_edge (rel, 5, 7, AUGUR_REPORT_EDGE_LOCK));
    g_assert_true (has_edge (rel, 9, 10, AUGUR_REPORT_EDGE_LOCK));
  }
  {
    /* two readers of lk race: thread 1's read lock is ordered after
     * thread 2's write-mode release (4), thread 2's is not after thread
     * 1's read-mode release (7); a write lock is ordered after a reader's
     * release (10) */
    g_autoptr(AugurResults) r = load ("rdlock.json");
    g_autoptr(AugurReportRelevance) rel = augur_report_relevance_compute (augur_results_get_finding (r, 0), 60);
    g_assert_true (has_edge (rel, 6, 9, AUGUR_REPORT_EDGE_CONFLICT));
    g_assert_true (has_edge (rel, 4, 5, AUGUR_REPORT_EDGE_LOCK));
    g_assert_false (has_edge (rel, 7, 8, AUGUR_REPORT_EDGE_LOCK));
    g_assert_true (has_edge (rel, 10, 11, AUGUR_REPORT_EDGE_LOCK));
  }
  {
    g_autoptr(AugurResults) r = load ("misuse.json");
    g_autoptr(AugurReportRelevance) rel = augur_report_relevance_compute (augur_results_get_finding (r, 0), 60);
    g_assert_true (has_edge (rel, 3, 6, AUGUR_REPORT_EDGE_THEN));
    g_assert_true (has_edge (rel, 6, 8, AUGUR_REPORT_EDGE_SIGNAL));
  }
}

static void
test_svg (void)
{
  g_autoptr(AugurResults) r = load ("race.json");
  g_autoptr(AugurReportHbGraph) g = augur_report_hb_graph_new (augur_results_get_finding (r, 0), 1, 60);
  g_autoptr(GError) error = NULL;
  g_autofree char *svg = augur_report_hb_graph_to_svg (g, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (svg, "<svg"));
  g_assert_nonnull (strstr (svg, "</svg>"));
  g_assert_nonnull (strstr (svg, "cluster_T1"));
  g_assert_nonnull (strstr (svg, "race on counter"));
  g_assert_nonnull (strstr (svg, "race.c:21"));
  /* the bug's steps are drawn red */
  g_assert_nonnull (strstr (svg, "#cf222e"));
  /* rendering twice works (layouts are freed) */
  g_autofree char *svg2 = augur_report_hb_graph_to_svg (g, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (svg, ==, svg2);
}

/* Program text that looks like markup or like Graphviz escapes stays text. */
static void
test_escaping (void)
{
  g_autoptr(AugurFinding) f = augur_finding_new (AUGUR_FINDING_DATA_RACE, NULL, "x");
  augur_finding_set_object (f, "<b>\"q\"&\\N", "variable");
  guint a = augur_finding_add_step (f, 1, 0, AUGUR_OP_WRITE, "<b>\"q\"&\\N", -1, "dir/<s>.c", 3, "f<");
  guint b = augur_finding_add_step (f, 2, 0, AUGUR_OP_READ, "<b>\"q\"&\\N", -1, "dir/<s>.c", 4, "g");
  augur_finding_mark_bug_step (f, a);
  augur_finding_mark_bug_step (f, b);
  g_autoptr(AugurReportHbGraph) g = augur_report_hb_graph_new (f, 1, 60);
  g_autofree char *dot = augur_report_hb_graph_to_dot (g);
  /* cgraph quotes the double quotes; our backslash is doubled */
  g_assert_nonnull (strstr (dot, "write <b>\\\"q\\\"&\\\\N"));
  g_autoptr(GError) error = NULL;
  g_autofree char *svg = augur_report_hb_graph_to_svg (g, &error);
  g_assert_no_error (error);
  g_assert_null (strstr (svg, "<b>"));
  g_assert_null (strstr (svg, "<s>"));
  g_assert_nonnull (strstr (svg, "&lt;b&gt;"));
  /* \N was not expanded to the node name */
  g_assert_nonnull (strstr (svg, "\\N"));
}

/* A 10^6-step schedule: three threads taking a lock in turns, with one race
 * in the middle.  The picture keeps a few dozen steps and says how many it
 * leaves out. */
static void
test_huge (void)
{
  const guint n = 1000000;
  g_autoptr(AugurFinding) f = augur_finding_new (AUGUR_FINDING_DATA_RACE, NULL, "race in a long run");
  augur_finding_set_object (f, "x", "variable");
  guint64 ev[4] = { 0 };
  augur_finding_add_step (f, 0, ev[0]++, AUGUR_OP_CREATE, NULL, 1, "big.c", 1, "main");
  augur_finding_add_step (f, 0, ev[0]++, AUGUR_OP_CREATE, NULL, 2, "big.c", 2, "main");
  augur_finding_add_step (f, 0, ev[0]++, AUGUR_OP_CREATE, NULL, 3, "big.c", 3, "main");
  for (guint t = 1; t <= 3; t++)
    augur_finding_add_step (f, t, ev[t]++, AUGUR_OP_START, NULL, 0, NULL, 0, "work");
  guint bug1 = 0, bug2 = 0;
  for (guint i = 0; augur_finding_get_n_steps (f) < n; i++)
    {
      guint t = 1 + i % 3;
      augur_finding_add_step (f, t, ev[t]++, AUGUR_OP_LOCK, "m", -1, "big.c", 10, "work");
      augur_finding_add_step (f, t, ev[t]++, AUGUR_OP_WRITE, "y", -1, "big.c", 11, "work");
      augur_finding_add_step (f, t, ev[t]++, AUGUR_OP_UNLOCK, "m", -1, "big.c", 12, "work");
      if (i == 100000)
        {
          bug1 = augur_finding_add_step (f, 1, ev[1]++, AUGUR_OP_WRITE, "x", -1, "big.c", 20, "work");
          augur_finding_add_access (f, 1, ev[1] - 1, AUGUR_OP_WRITE, "big.c", 20, "work", NULL);
        }
      if (i == 200000)
        {
          bug2 = augur_finding_add_step (f, 2, ev[2]++, AUGUR_OP_READ, "x", -1, "big.c", 21, "work");
          augur_finding_add_access (f, 2, ev[2] - 1, AUGUR_OP_READ, "big.c", 21, "work", NULL);
        }
    }
  augur_finding_mark_bug_step (f, bug1);
  augur_finding_mark_bug_step (f, bug2);

  gint64 t0 = g_get_monotonic_time ();
  g_autoptr(AugurReportHbGraph) g = augur_report_hb_graph_new (f, 1, AUGUR_REPORT_MAX_RELEVANT_STEPS);
  g_test_message ("10^6 steps: %u nodes, %u edges in %.2f s", augur_report_hb_graph_get_n_nodes (g),
                  augur_report_hb_graph_get_n_edges (g),
                  (g_get_monotonic_time () - t0) / 1e6);
  g_assert_cmpuint (augur_report_hb_graph_get_n_nodes (g), <=, AUGUR_REPORT_MAX_RELEVANT_STEPS);
  g_assert_cmpuint (augur_report_hb_graph_get_n_nodes (g), >=, 2);
  g_autofree char *dot = augur_report_hb_graph_to_dot (g);
  g_autofree char *n1 = g_strdup_printf ("s%u\t", bug1);
  g_autofree char *n2 = g_strdup_printf ("s%u\t", bug2);
  g_assert_nonnull (strstr (dot, n1));
  g_assert_nonnull (strstr (dot, n2));
  g_assert_nonnull (strstr (dot, "race on x"));
  /* the left-out steps are counted on the program-order edges */
  g_assert_nonnull (strstr (dot, " steps"));

  g_autoptr(AugurReportRelevance) rel = augur_report_relevance_compute (f, AUGUR_REPORT_MAX_RELEVANT_STEPS);
  g_autoptr(GArray) view = augur_report_relevance_dup_view (rel);
  g_assert_cmpuint (view->len, <=, AUGUR_REPORT_MAX_RELEVANT_STEPS + 4);

  g_autoptr(GError) error = NULL;
  g_autofree char *svg = augur_report_hb_graph_to_svg (g, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (svg, "<svg"));
}

/* A finding without a schedule (a lock never destroyed) still renders. */
static void
test_empty (void)
{
  g_autoptr(AugurFinding) f = augur_finding_new (AUGUR_FINDING_MISUSE, "not-destroyed",
                                                 "m is never destroyed.");
  g_autoptr(AugurReportHbGraph) g = augur_report_hb_graph_new (f, 3, 60);
  g_assert_cmpuint (augur_report_hb_graph_get_n_nodes (g), ==, 0);
  g_autofree char *dot = augur_report_hb_graph_to_dot (g);
  g_assert_nonnull (strstr (dot, "Finding 3: misuse:not-destroyed"));
  g_autoptr(GError) error = NULL;
  g_autofree char *svg = augur_report_hb_graph_to_svg (g, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (svg, "<svg"));
}

/* A diagnosis's root cause as bold red edges: the two orderings whose
 * steps the diagram shows are drawn (named edges, beside the race edge
 * between the same steps), the third is not; golden DOT. */
static void
test_root_cause (void)
{
  g_autoptr(AugurResults) r = load ("race.json");
  g_autofree char *dpath = test_data_path ("race-diagnosis.json");
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurReportDiagnosis) d = augur_report_diagnosis_load (dpath, &error);
  g_assert_no_error (error);
  g_autoptr(GArray) core = augur_report_diagnosis_core_edges (d, 1);
  g_assert_cmpuint (core->len, ==, 3);
  g_assert_cmpuint (g_array_index (core, AugurReportDiagEdge, 1).after.line, ==, 14);
  AugurFinding *f = augur_results_get_finding (r, 0);
  g_autoptr(AugurReportHbGraph) g = augur_report_hb_graph_new (f, 1, AUGUR_REPORT_MAX_RELEVANT_STEPS);
  guint before = augur_report_hb_graph_get_n_edges (g);
  guint drawn = augur_report_hb_graph_add_root_cause (g, f, (AugurReportDiagEdge *) core->data,
                                                      core->len);
  g_assert_cmpuint (drawn, ==, 2);
  g_assert_cmpuint (augur_report_hb_graph_get_n_edges (g), ==, before + 2);
  g_autofree char *dot = augur_report_hb_graph_to_dot (g);
  g_assert_nonnull (strstr (dot, "race on counter"));   /* the race edge is still there */
  test_compare_golden ("race-diagnosis.dot", dot);
  /* no diagnosis for another finding: nothing */
  g_autoptr(GArray) none = augur_report_diagnosis_core_edges (d, 2);
  g_assert_cmpuint (none->len, ==, 0);
  /* not a diagnosis */
  g_autofree char *rpath = test_data_path ("race.json");
  g_autoptr(AugurReportDiagnosis) bad = augur_report_diagnosis_load (rpath, &error);
  g_assert_null (bad);
  g_assert_error (error, AUGUR_REPORT_ERROR, AUGUR_REPORT_ERROR_INPUT);
}

/* A diagnosis whose parts are of other types than diagnose writes (a
 * person may edit the file): a class, an ordering or a finding that is
 * not an object, or a core that is not an array, is passed over without a
 * warning (fatal in a test); the one good ordering is read, an end that
 * is not an object with its defaults. */
static void
test_root_cause_odd (void)
{
  g_autofree char *dpath = test_data_path ("odd-diagnosis.json");
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurReportDiagnosis) d = augur_report_diagnosis_load (dpath, &error);
  g_assert_no_error (error);
  g_autoptr(GArray) core = augur_report_diagnosis_core_edges (d, 1);
  g_assert_cmpuint (core->len, ==, 1);
  const AugurReportDiagEdge *e = &g_array_index (core, AugurReportDiagEdge, 0);
  g_assert_cmpuint (e->klass, ==, 2);
  g_assert_cmpstr (e->before.op, ==, "sync");
  g_assert_null (e->before.file);
  g_assert_cmpuint (e->after.thread, ==, 2);
  g_assert_cmpuint (e->after.line, ==, 21);
  g_assert_cmpstr (e->text, ==, "something before T2 reads");
  /* the finding that is not an object is left out; finding 1 is race.json's */
  g_autoptr(AugurResults) r = load ("race.json");
  g_assert_cmpuint (augur_report_diagnosis_match (d, r), ==, 1);
  g_assert_nonnull (augur_report_diagnosis_get_finding (d, 1));
  g_assert_null (augur_report_diagnosis_get_finding (d, 2));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  static const char *const names[] = { "race", "deadlock", "atomicity", "misuse" };
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_strdup_printf ("/hb-graph/dot-golden/%s", names[i]);
      g_test_add_data_func (path, names[i], test_dot_golden);
    }
  g_test_add_func ("/hb-graph/relevance-to-string", test_relevance_to_string);
  g_test_add_func ("/hb-graph/edges", test_edges);
  g_test_add_func ("/hb-graph/svg", test_svg);
  g_test_add_func ("/hb-graph/escaping", test_escaping);
  g_test_add_func ("/hb-graph/huge", test_huge);
  g_test_add_func ("/hb-graph/empty", test_empty);
  g_test_add_func ("/hb-graph/root-cause", test_root_cause);
  g_test_add_func ("/hb-graph/root-cause-odd", test_root_cause_odd);
  return g_test_run ();
}
