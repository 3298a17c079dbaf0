/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-html.c — the HTML report (reports/html.[ch]): what the index and the
 * finding pages hold, that program text is escaped (a source line holding
 * <script> shows as text), that a missing source gives a note, that long
 * schedules are cut in the timeline, and the files the report directory gets.
 */
#include "config.h"

#include <glib/gstdio.h>

#include "common/results.h"
#include "reports/hb-graph.h"
#include "reports/html-diagnosis.h"
#include "reports/html.h"
#include "reports/relevance.h"
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

static guint
count (const char *haystack, const char *needle)
{
  guint n = 0;
  for (const char *p = strstr (haystack, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

/* No markup that came from the program: the only tags are ours. */
static void
assert_no_program_markup (const char *html)
{
  g_autofree char *lower = g_ascii_strdown (html, -1);
  g_assert_null (strstr (lower, "<script"));
  g_assert_null (strstr (lower, "<b>"));
  g_assert_null (strstr (lower, "<i>"));
  g_assert_null (strstr (lower, "<s>"));
  /* self-contained: nothing fetched from elsewhere (xmlns URIs are names, not fetches) */
  g_assert_null (strstr (lower, "src="));
  g_assert_null (strstr (lower, "href=\"http"));
  g_assert_null (strstr (lower, "href=\"//"));
  g_assert_null (strstr (lower, "<link"));
  g_assert_null (strstr (lower, "@import"));
  g_assert_null (strstr (lower, "url("));
}

static void
test_index (void)
{
  g_autoptr(AugurResults) r = load ("all.json");
  g_autofree char *html = augur_report_html_index (r);
  assert_no_program_markup (html);
  g_assert_nonnull (strstr (html, "<ol class=\"findings\" id=\"findings\">"));
  g_assert_cmpuint (count (html, "<li class=\"finding error\">"), ==, 4);
  /* severities: the summary line and the cards */
  g_assert_nonnull (strstr (html, "<p class=\"lead\" id=\"summary\">4 bugs found (4 errors, 2 notes).</p>"));
  g_assert_nonnull (strstr (html, "<div class=\"card bad\"><div class=\"num\">4</div><div class=\"lbl\">errors</div>"));
  for (guint i = 1; i <= 4; i++)
    {
      g_autofree char *link = g_strdup_printf ("href=\"finding-%u.html\"", i);
      g_assert_nonnull (strstr (html, link));
    }
  /* sorted: the deadlock first, the misuse last */
  g_assert_true (strstr (html, "deadlock</span>") < strstr (html, "misuse:uninitialised-cond</span>"));
  /* the run */
  g_assert_nonnull (strstr (html, "/home/dev/demo/demo &lt;b&gt;&amp;amp;&lt;/b&gt;"));
  g_assert_nonnull (strstr (html, "&apos;&lt;i&gt;x&lt;/i&gt;&apos;"));
  g_assert_nonnull (strstr (html, "2026-11-20 10:15:30 UTC"));
  g_assert_nonnull (strstr (html, "1 min 6 s"));
  g_assert_nonnull (strstr (html, ">1234<"));
  g_assert_nonnull (strstr (html, "executions=100000, preemptions=2"));
  /* predictions by class, with totals */
  g_assert_nonnull (strstr (html, "<table id=\"predictions\">"));
  g_assert_nonnull (strstr (html, "<th>not-realisable</th>"));
  g_assert_nonnull (strstr (html, "<th>not-tried</th>"));
  g_assert_nonnull (strstr (html, "<tr><td>atomicity-violation</td><td class=\"n\">1</td>"
                                  "<td class=\"n\">0</td><td class=\"n\">4</td>"
                                  "<td class=\"n\">0</td></tr>"));
  /* findings by kind; static-only candidates */
  g_assert_nonnull (strstr (html, "<table id=\"by-kind\">"));
  g_assert_nonnull (strstr (html, "<table id=\"static-candidates\">"));
  g_assert_nonnull (strstr (html, "<code>account.c:7</code>"));
}

static void
test_index_empty (void)
{
  g_autoptr(AugurResults) r = augur_results_new ("/bin/ok", "explore");
  g_autofree char *html = augur_report_html_index (r);
  g_assert_nonnull (strstr (html, "No bug was found."));
  g_assert_nonnull (strstr (html, "id=\"findings\""));
  /* a note alone is no bug */
  g_autoptr(AugurFinding) leak = augur_finding_new (AUGUR_FINDING_MISUSE, "not-destroyed",
                                                    "A mutex is never destroyed.");
  augur_results_add_finding (r, leak);
  g_autofree char *html2 = augur_report_html_index (r);
  g_assert_nonnull (strstr (html2, "No bug was found (1 note)."));
  g_assert_nonnull (strstr (html2, "<li class=\"finding note\"><span class=\"badge note\">note</span>"));
  g_assert_null (strstr (html, "static-candidates"));
  g_assert_nonnull (strstr (html, "No prediction was made."));
}

/* The data race of all.json (finding 2): reader's line holds <script>. */
static void
test_finding_escaped (void)
{
  g_autoptr(AugurResults) r = load ("all.json");
  g_autofree char *dir = test_data_path ("");
  AugurFinding *f = augur_results_get_finding (r, 1);
  g_assert_cmpint (augur_finding_get_kind (f), ==, AUGUR_FINDING_DATA_RACE);
  g_autoptr(AugurReportHbGraph) g = augur_report_hb_graph_new (f, 2, AUGUR_REPORT_MAX_RELEVANT_STEPS);
  g_autoptr(GError) error = NULL;
  g_autofree char *svg = augur_report_hb_graph_to_svg (g, &error);
  g_assert_no_error (error);
  g_autofree char *html = augur_report_html_finding (r, 1, dir, svg);

  assert_no_program_markup (html);
  /* the source line shows as text, highlighted */
  g_assert_nonnull (strstr (html, "<span class=\"l hit\"><span class=\"ln\">21</span>"
                                  "  int v = counter; /* &lt;script&gt;alert(1)&lt;/script&gt; */</span>"));
  g_assert_nonnull (strstr (html, "/* &quot;written&quot; &amp; &apos;locked&apos; */"));
  /* the accesses, the locks held */
  g_assert_nonnull (strstr (html, "<strong>Thread 1</strong> writes <code>counter</code> at "
                                  "<code>race.c:13</code> in <code>worker()</code>"));
  g_assert_nonnull (strstr (html, "Locks held: <code>m</code>"));
  g_assert_nonnull (strstr (html, "Locks held: <em>none</em>"));
  /* the timeline: one column per thread, the bug's rows highlighted */
  g_assert_nonnull (strstr (html, "<table class=\"timeline\" id=\"timeline\">"));
  g_assert_nonnull (strstr (html, "<th>thread 2 <span class=\"muted\">reader</span></th>"));
  g_assert_cmpuint (count (html, "<tr class=\"bug\">"), ==, 2);
  g_assert_nonnull (strstr (html, "<tr class=\"bug\"><td class=\"step\">6</td><td></td><td></td>"
                                  "<td class=\"ev\">read counter"));
  /* the diagram inline, without its XML prolog */
  g_assert_nonnull (strstr (html, "<div class=\"diagram\" id=\"diagram\">\n<svg"));
  g_assert_null (strstr (html, "<?xml"));
  g_assert_nonnull (strstr (html, "<pre class=\"cmd\" id=\"replay\"><code>augur replay --schedule "
                                  "race.schedule -- ./race</code></pre>"));
}

/* Two readers of rdlock.json race: each holds lk for reading, and says so;
 * a lock held for writing has no mode (all.json's race holds m). */
static void
test_finding_read_lock (void)
{
  g_autoptr(AugurResults) r = load ("rdlock.json");
  g_autofree char *dir = test_data_path ("");
  g_autofree char *html = augur_report_html_finding (r, 0, dir, NULL);
  g_assert_cmpuint (count (html, "Locks held: <code>lk</code> (read)</div>"), ==, 2);
  g_autoptr(AugurResults) all = load ("all.json");
  g_autofree char *html2 = augur_report_html_finding (all, 1, dir, NULL);
  g_assert_nonnull (strstr (html2, "Locks held: <code>m</code></div>"));
}

static void
test_finding_missing_source (void)
{
  g_autoptr(AugurResults) r = load ("all.json");
  g_autofree char *dir = test_data_path ("");
  /* the deadlock's dl.c is not in the test data */
  g_autofree char *html = augur_report_html_finding (r, 0, dir, NULL);
  g_assert_nonnull (strstr (html, "<p class=\"note\">Source not available: "));
  g_assert_nonnull (strstr (html, "dl.c"));
  g_assert_nonnull (strstr (html, "The diagram could not be rendered."));
  g_assert_nonnull (strstr (html, "Locks held: <code>a</code>"));
  /* each access names its own lock */
  g_assert_nonnull (strstr (html, "<strong>Thread 1</strong> waits to lock <code>b</code> at <code>dl.c:9</code>"));
  g_assert_nonnull (strstr (html, "<strong>Thread 2</strong> locks <code>b</code> at <code>dl.c:16</code>"));

  /* a line past the end of the file */
  g_autoptr(AugurResults) r2 = augur_results_new ("/bin/p", "explore");
  g_autoptr(AugurFinding) f = augur_finding_new (AUGUR_FINDING_ASSERTION, NULL, "assert fails");
  augur_finding_add_access (f, 0, 0, AUGUR_OP_READ, "race.c", 999, "main", NULL);
  augur_finding_add_access (f, 0, 1, AUGUR_OP_READ, NULL, 0, NULL, NULL);
  augur_results_add_finding (r2, f);
  g_autofree char *html2 = augur_report_html_finding (r2, 0, dir, NULL);
  g_assert_nonnull (strstr (html2, "fewer than 999"));
  g_assert_nonnull (strstr (html2, "No source location was recorded"));
  g_assert_nonnull (strstr (html2, "No replay command was recorded: run <code>augur replay RESULTS#N</code>"));
}

/* A bug made of parts: its severity, the cause chain, the parts listed
 * with their accesses, the source-level object name with its stable name,
 * and a description that fits a stall on a condition variable. */
static void
test_finding_parts (void)
{
  g_autoptr(AugurResults) r = augur_results_new ("/bin/p", "check");
  g_autoptr(AugurFinding) f = augur_finding_new (
    AUGUR_FINDING_ASSERTION, NULL,
    "Assertion `n == 2` at t.c:9 fails because of a lost update of `q->n` at q.c:5.");
  augur_finding_set_object (f, "q->n", "variable");
  augur_finding_set_object_id (f, "T0.alloc1+8");
  augur_finding_add_access (f, 0, 4, AUGUR_OP_ASSERT_FAIL, "t.c", 9, "main", NULL);
  g_autoptr(AugurFinding) av = augur_finding_new (AUGUR_FINDING_ATOMICITY_VIOLATION, NULL,
                                                  "A write of `q->n` comes between a read and a write.");
  augur_finding_set_object (av, "q->n", "variable");
  augur_finding_add_access (av, 1, 2, AUGUR_OP_READ, "q.c", 5, "push", NULL);
  augur_finding_add_access (av, 2, 2, AUGUR_OP_WRITE, "q.c", 5, "push", NULL);
  augur_finding_add_part (f, av);
  augur_finding_set_replay (f, "augur replay out/results.json#1");
  augur_results_add_finding (r, f);
  g_autofree char *html = augur_report_html_finding (r, 0, NULL, NULL);
  assert_no_program_markup (html);
  g_assert_nonnull (strstr (html, "<span class=\"badge error\">error</span>"));
  g_assert_nonnull (strstr (html, "<tr><th>Severity</th><td>error</td></tr>"));
  g_assert_nonnull (strstr (html, "<p class=\"lead\" id=\"explanation\">Assertion `n == 2` at t.c:9 "
                                  "fails because of a lost update of `q-&gt;n` at q.c:5.</p>"));
  g_assert_nonnull (strstr (html, "<code>q-&gt;n</code> <span class=\"muted\">(<code>T0.alloc1+8</code>)</span>"));
  g_assert_nonnull (strstr (html, "<ol class=\"parts\" id=\"parts\">"));
  g_assert_nonnull (strstr (html, "<strong>Atomicity violation on variable <code>q-&gt;n</code></strong>: "
                                  "A write of `q-&gt;n` comes between a read and a write."));
  g_assert_nonnull (strstr (html, "thread 1 read at <code>q.c:5</code> · thread 2 write at <code>q.c:5</code>"));
  g_assert_nonnull (strstr (html, "<pre class=\"cmd\" id=\"replay\"><code>augur replay out/results.json#1</code></pre>"));

  g_autoptr(AugurResults) r2 = augur_results_new ("/bin/p", "explore");
  g_autoptr(AugurFinding) stall = augur_finding_new (AUGUR_FINDING_DEADLOCK, NULL, "main waits.");
  augur_finding_add_access (stall, 0, 3, AUGUR_OP_WAKE, "w.c", 7, "main", NULL);
  augur_results_add_finding (r2, stall);
  g_autofree char *html2 = augur_report_html_finding (r2, 0, NULL, NULL);
  g_assert_null (strstr (html2, "cycle"));
  g_assert_nonnull (strstr (html2, "<p class=\"muted\" id=\"description\">Threads wait on a condition variable"));

  /* an inversion that did not deadlock: no schedule, no replay, said so */
  g_autoptr (AugurResults) r3 = augur_results_new ("/bin/p", "check");
  g_autoptr (AugurFinding) inv = augur_finding_new (AUGUR_FINDING_LOCK_ORDER, NULL, "a then b.");
  augur_finding_add_access (inv, 1, 1, AUGUR_OP_LOCK, "l.c", 3, "f", NULL);
  augur_results_add_finding (r3, inv);
  g_autofree char *html3 = augur_report_html_finding (r3, 0, NULL, NULL);
  g_assert_nonnull (strstr (html3, "<span class=\"badge warning\">warning</span>"));
  g_assert_nonnull (strstr (html3, "id=\"no-schedule\">No run deadlocked on this order"));
  g_assert_null (strstr (html3, "id=\"timeline\""));
  g_assert_null (strstr (html3, "No replay command"));
}

static void
test_timeline_cut (void)
{
  g_autoptr(AugurResults) r = augur_results_new ("/bin/p", "explore");
  g_autoptr(AugurFinding) f = augur_finding_new (AUGUR_FINDING_DATA_RACE, NULL, "late race");
  guint64 ev[3] = { 0 };
  augur_finding_add_step (f, 0, ev[0]++, AUGUR_OP_CREATE, NULL, 1, "p.c", 1, "main");
  augur_finding_add_step (f, 0, ev[0]++, AUGUR_OP_CREATE, NULL, 2, "p.c", 2, "main");
  for (guint i = 0; i < 5000; i++)
    augur_finding_add_step (f, 1 + i % 2, ev[1 + i % 2]++, AUGUR_OP_READ, "y", -1, "p.c", 5, "w");
  guint a = augur_finding_add_step (f, 1, ev[1]++, AUGUR_OP_WRITE, "x", -1, "p.c", 7, "w");
  guint b = augur_finding_add_step (f, 2, ev[2]++, AUGUR_OP_WRITE, "x", -1, "p.c", 7, "w");
  augur_finding_mark_bug_step (f, a);
  augur_finding_mark_bug_step (f, b);
  augur_results_add_finding (r, f);
  g_autofree char *html = augur_report_html_finding (r, 0, NULL, NULL);
  g_assert_nonnull (strstr (html, "The schedule has 5004 steps"));
  g_assert_nonnull (strstr (html, "<tr class=\"gap\">"));
  g_assert_nonnull (strstr (html, "steps not shown"));
  g_assert_cmpuint (count (html, "<tr"), <, 40);
  g_assert_cmpuint (count (html, "<tr class=\"bug\">"), ==, 2);
}

static void
rm_rf (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);
      g_unlink (p);
    }
  g_rmdir (dir);
}

static void
test_write (void)
{
  g_autoptr(AugurResults) r = load ("all.json");
  g_autofree char *src = test_data_path ("");
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("augur-html-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *out = g_build_filename (tmp, "report", NULL);
  g_assert_true (augur_report_html_write (r, src, out, &error));
  g_assert_no_error (error);

  const char *files[] = { "index.html", "finding-1.html", "finding-1.dot", "finding-1.svg",
                          "finding-4.html", "finding-4.dot", "finding-4.svg" };
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *p = g_build_filename (out, files[i], NULL);
      g_assert_true (g_file_test (p, G_FILE_TEST_IS_REGULAR));
    }
  g_autofree char *p5 = g_build_filename (out, "finding-5.html", NULL);
  g_assert_false (g_file_test (p5, G_FILE_TEST_EXISTS));

  /* the .dot file is the diagram of that finding */
  g_autofree char *dot_path = g_build_filename (out, "finding-2.dot", NULL);
  g_autofree char *dot = NULL;
  g_file_get_contents (dot_path, &dot, NULL, &error);
  g_assert_no_error (error);
  g_autoptr(AugurReportHbGraph) g = augur_report_hb_graph_new (augur_results_get_finding (r, 1), 2,
                                                               AUGUR_REPORT_MAX_RELEVANT_STEPS);
  g_autofree char *expect = augur_report_hb_graph_to_dot (g);
  g_assert_cmpstr (dot, ==, expect);

  g_autofree char *svg_path = g_build_filename (out, "finding-2.svg", NULL);
  g_autofree char *svg = NULL;
  g_file_get_contents (svg_path, &svg, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (svg, "<?xml"));
  g_assert_nonnull (strstr (svg, "race on counter"));

  rm_rf (out);
  g_rmdir (tmp);
}

static void
test_write_fails (void)
{
  g_autoptr(AugurResults) r = load ("race.json");
  g_autoptr(GError) error = NULL;
  /* a directory under a regular file cannot be created */
  g_autofree char *file = test_data_path ("race.json");
  g_autofree char *out = g_build_filename (file, "report", NULL);
  g_assert_false (augur_report_html_write (r, NULL, out, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "cannot create the report directory"));
}

/* The diagnosis section: golden HTML; the text escaped; the patch a
 * diff with its lines classed; nothing for a finding not diagnosed; and
 * the page written with it, its diagram holding the root-cause edges. */
static void
test_diagnosis (void)
{
  g_autofree char *dpath = test_data_path ("race-diagnosis.json");
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurReportDiagnosis) d = augur_report_diagnosis_load (dpath, &error);
  g_assert_no_error (error);
  g_autofree char *html = augur_report_html_diagnosis (d, 1, 2);
  test_compare_golden ("race-diagnosis.html", html);
  g_assert_null (strstr (html, "<script>"));
  g_assert_nonnull (strstr (html, "&lt;script&gt;"));
  g_assert_nonnull (strstr (html, "a note about &lt;this&gt; finding"));
  g_assert_nonnull (strstr (html, "<span class=\"diff-add\">+  pthread_mutex_lock (&amp;m);"));
  g_assert_nonnull (strstr (html, "<span class=\"diff-del\">-  return v;</span>"));
  g_assert_nonnull (strstr (html, "<span class=\"diff-hunk\">@@ -20,3 +20,5 @@</span>"));
  g_assert_nonnull (strstr (html, "draws 2 of them"));
  g_assert_nonnull (strstr (html, "<div class=\"repair rejected\" id=\"repair-2\">"));
  g_assert_nonnull (strstr (html, "T0 T1 T2 T2"));
  g_autofree char *none = augur_report_html_diagnosis (d, 2, 0);
  g_assert_cmpstr (none, ==, "");
  g_autofree char *null = augur_report_html_diagnosis (NULL, 1, 0);
  g_assert_cmpstr (null, ==, "");

  g_autoptr(AugurResults) r = load ("race.json");
  g_autofree char *tmp = g_dir_make_tmp ("augur-html-diag-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *out = g_build_filename (tmp, "report", NULL);
  g_autofree char *src = test_data_path (".");
  g_assert_true (augur_report_html_write_diagnosed (r, d, src, out, &error));
  g_assert_no_error (error);
  g_autofree char *page_path = g_build_filename (out, "finding-1.html", NULL);
  g_autofree char *page = NULL;
  g_file_get_contents (page_path, &page, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (page, "<section id=\"diagnosis\">"));
  g_assert_nonnull (strstr (page, html));
  g_assert_nonnull (strstr (page, ">root cause</text>"));
  g_autofree char *dot_path = g_build_filename (out, "finding-1.dot", NULL);
  g_autofree char *dot = NULL;
  g_file_get_contents (dot_path, &dot, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (dot, "label=\"root cause\""));
  rm_rf (out);
  g_rmdir (tmp);
}

/* A diagnosis whose parts are of other types than diagnose writes: what
 * is not an object (a class, an ordering, a repair) or not an array (a
 * kill-set) is passed over without a warning (fatal in a test), what is
 * not a string (a note, a patch) is not shown; the rest is. */
static void
test_diagnosis_odd (void)
{
  g_autofree char *dpath = test_data_path ("odd-diagnosis.json");
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurReportDiagnosis) d = augur_report_diagnosis_load (dpath, &error);
  g_assert_no_error (error);
  g_autofree char *html = augur_report_html_diagnosis (d, 1, 1);
  g_assert_nonnull (strstr (html, "<li>something before T2 reads</li>"));
  g_assert_null (strstr (html, "id=\"class-1\""));
  g_assert_nonnull (strstr (html, "<div class=\"class\" id=\"class-2\">"));
  g_assert_nonnull (strstr (html, "<div class=\"class\" id=\"class-3\">"));
  g_assert_null (strstr (html, "Kill-set"));
  g_assert_null (strstr (html, "id=\"repair-1\""));
  g_assert_nonnull (strstr (html, "<div class=\"repair verified\" id=\"repair-2\">"));
  g_assert_null (strstr (html, "class=\"diff"));
  g_assert_null (strstr (html, "class=\"note\""));
  g_assert_null (strstr (html, "No lock repair"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/html/index", test_index);
  g_test_add_func ("/html/index-empty", test_index_empty);
  g_test_add_func ("/html/finding-escaped", test_finding_escaped);
  g_test_add_func ("/html/finding-read-lock", test_finding_read_lock);
  g_test_add_func ("/html/finding-missing-source", test_finding_missing_source);
  g_test_add_func ("/html/finding-parts", test_finding_parts);
  g_test_add_func ("/html/timeline-cut", test_timeline_cut);
  g_test_add_func ("/html/write", test_write);
  g_test_add_func ("/html/write-fails", test_write_fails);
  g_test_add_func ("/html/diagnosis", test_diagnosis);
  g_test_add_func ("/html/diagnosis-odd", test_diagnosis_odd);
  return g_test_run ();
}
