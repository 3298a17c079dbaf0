/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * html.c — the HTML pages of a report (see html.h for what they hold).
 *
 * Pages are built in a GString.  Markup written here is constant text;
 * everything that comes from the program or the results file goes through
 * esc() (g_markup_escape_text after making it valid UTF-8).
 */
#include "config.h"

#include "reports/html.h"

#include "common/augur-ops.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

#include "common/source-access.h"
#include "reports/hb-graph.h"
#include "reports/relevance.h"
#include "reports/report-error.h"

/* Lines of source shown either side of an access. */
#define SOURCE_CONTEXT 3

static const char stylesheet[] =
  ":root{--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--bg:#ffffff;--panel:#f6f8fa;"
  "--accent:#0969da;--bug:#cf222e;--bugbg:#ffebe9;--ok:#1a7f37;--warn:#9a6700}\n"
  "*{box-sizing:border-box}\n"
  "body{margin:0;font:15px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',"
  "Arial,sans-serif;color:var(--fg);background:var(--bg)}\n"
  "header{background:#24292f;color:#fff;padding:14px 32px;display:flex;align-items:baseline;gap:16px}\n"
  "header .brand{font-weight:700;font-size:18px;letter-spacing:.5px}\n"
  "header a{color:#c9d1d9;text-decoration:none}header a:hover{color:#fff}\n"
  "main{max-width:1180px;margin:0 auto;padding:24px 32px 48px}\n"
  "h1{font-size:26px;margin:8px 0 4px}h2{font-size:19px;margin:32px 0 10px;"
  "padding-bottom:6px;border-bottom:1px solid var(--line)}\n"
  "h3{font-size:15px;margin:18px 0 6px}\n"
  "a{color:var(--accent)}\n"
  "h1 code,a.title code{font-size:.85em}\n"
  "code,pre,.mono{font-family:ui-monospace,SFMono-Regular,'DejaVu Sans Mono',Menlo,Consolas,monospace;"
  "font-size:13px}\n"
  ".lead{font-size:17px;margin:6px 0 14px}\n"
  ".muted{color:var(--muted)}\n"
  ".badge{display:inline-block;padding:1px 9px;border-radius:12px;font-size:12px;font-weight:600;"
  "background:var(--bugbg);color:var(--bug);border:1px solid #ffcecb;vertical-align:middle}\n"
  ".badge.warning{background:#fff8c5;color:var(--warn);border-color:#eac54f}\n"
  ".badge.note{background:var(--panel);color:var(--muted);border-color:var(--line)}\n"
  ".cards{display:flex;flex-wrap:wrap;gap:12px;margin:16px 0}\n"
  ".card{flex:1 1 150px;background:var(--panel);border:1px solid var(--line);border-radius:8px;"
  "padding:10px 14px}\n"
  ".card .num{font-size:24px;font-weight:700}.card .lbl{color:var(--muted);font-size:13px}\n"
  ".card.bad .num{color:var(--bug)}\n"
  ".card.warn .num{color:var(--warn)}\n"
  "table{border-collapse:collapse;margin:8px 0}\n"
  "th,td{border:1px solid var(--line);padding:4px 10px;text-align:left;vertical-align:top}\n"
  "th{background:var(--panel);font-weight:600}\n"
  "table.kv th{width:170px}\n"
  "td.n{text-align:right;font-variant-numeric:tabular-nums}\n"
  "ol.findings{padding-left:0;list-style:none;counter-reset:f}\n"
  "ol.findings li{border:1px solid var(--line);border-left:4px solid var(--bug);border-radius:6px;"
  "padding:10px 14px;margin:8px 0;background:#fff}\n"
  "ol.findings li.warning{border-left-color:#eac54f}\n"
  "ol.findings li.note{border-left-color:var(--line)}\n"
  "ol.findings li a.title{font-weight:600;font-size:16px;text-decoration:none}\n"
  "ol.parts li{margin:8px 0}\n"
  "ol.findings .expl{margin:4px 0 2px}\n"
  ".access{border:1px solid var(--line);border-radius:8px;margin:12px 0;overflow:hidden}\n"
  ".access .head{background:var(--panel);padding:8px 12px;border-bottom:1px solid var(--line)}\n"
  "pre.source{margin:0;padding:6px 0;background:#fff;overflow-x:auto}\n"
  "pre.source span.l{display:block;padding:0 12px;white-space:pre}\n"
  "pre.source span.l.hit{background:var(--bugbg);box-shadow:inset 3px 0 0 var(--bug)}\n"
  "pre.source span.ln{display:inline-block;width:4em;color:var(--muted);user-select:none}\n"
  ".note{background:#fff8c5;border:1px solid #eac54f;border-radius:6px;padding:6px 12px;margin:8px 12px}\n"
  "table.timeline{font-size:13px;width:100%}\n"
  "table.timeline td{font-family:ui-monospace,SFMono-Regular,'DejaVu Sans Mono',Menlo,monospace;"
  "white-space:nowrap}\n"
  "table.timeline td.step{color:var(--muted);text-align:right;width:4em}\n"
  "table.timeline td.ev{background:#fff}\n"
  "table.timeline tr.bug td.ev{background:var(--bugbg);color:var(--bug);font-weight:700}\n"
  "table.timeline tr.bug td.step{color:var(--bug);font-weight:700}\n"
  "table.timeline tr.gap td{text-align:center;color:var(--muted);background:var(--panel);font-style:italic}\n"
  "table.timeline .loc{color:var(--muted);font-weight:400}\n"
  ".diagram{border:1px solid var(--line);border-radius:8px;padding:12px;overflow:auto;background:#fff}\n"
  ".diagram svg{max-width:100%;height:auto}\n"
  ".legend{font-size:13px;color:var(--muted)}\n"
  ".legend .k{display:inline-block;width:22px;height:0;border-top:2px solid;vertical-align:middle;"
  "margin:0 4px 0 12px}\n"
  "pre.cmd{background:#24292f;color:#f0f6fc;padding:10px 14px;border-radius:6px;overflow-x:auto}\n"
  "nav.pager{display:flex;justify-content:space-between;margin-top:36px}\n"
  "footer{color:var(--muted);font-size:12px;text-align:center;padding:16px}\n";

/* ---- escaping ---- */

static void
esc (GString *s, const char *text)
{
  if (text == NULL)
    return;
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  g_autofree char *e = g_markup_escape_text (valid, -1);
  g_string_append (s, e);
}

static void
page_begin (GString *s, const char *title_text)
{
  g_string_append (s, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                      "<title>");
  esc (s, title_text);
  g_string_append (s, "</title>\n<style>\n");
  g_string_append (s, stylesheet);
  g_string_append (s, "</style>\n</head>\n<body>\n<header><span class=\"brand\">augur</span>"
                      "<a href=\"index.html\">report</a></header>\n<main>\n");
}

static void
page_end (GString *s)
{
  g_string_append_printf (s, "</main>\n<footer>Generated by augur %s</footer>\n</body>\n</html>\n",
                          PACKAGE_VERSION);
}

static void
append_loc (GString *s, const char *file, guint line)
{
  if (file == NULL)
    {
      g_string_append (s, "<span class=\"muted\">unknown location</span>");
      return;
    }
  g_string_append (s, "<code>");
  esc (s, file);
  if (line != 0)
    g_string_append_printf (s, ":%u", line);
  g_string_append (s, "</code>");
}

static char *
format_duration (double seconds)
{
  if (seconds < 60)
    return g_strdup_printf ("%.2f s", seconds);
  guint64 total = (guint64) (seconds + 0.5);
  if (total < 3600)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " min %" G_GUINT64_FORMAT " s", total / 60,
                            total % 60);
  return g_strdup_printf ("%" G_GUINT64_FORMAT " h %" G_GUINT64_FORMAT " min", total / 3600,
                          (total / 60) % 60);
}

/* "data-race on variable counter" */
static void
append_finding_title (GString *s, AugurFinding *f)
{
  esc (s, augur_finding_kind_title (augur_finding_get_kind (f)));
  if (augur_finding_get_subkind (f) != NULL)
    {
      g_string_append (s, " (");
      esc (s, augur_finding_get_subkind (f));
      g_string_append (s, ")");
    }
  if (augur_finding_get_object (f) != NULL)
    {
      g_string_append (s, " on ");
      if (augur_finding_get_object_kind (f) != NULL)
        {
          esc (s, augur_finding_get_object_kind (f));
          g_string_append_c (s, ' ');
        }
      g_string_append (s, "<code>");
      esc (s, augur_finding_get_object (f));
      g_string_append (s, "</code>");
    }
}

/* The severity badge: "error", "warning", "note". */
static void
append_severity_badge (GString *s, AugurFinding *f)
{
  const char *sev = augur_severity_to_string (augur_finding_get_severity (f));
  g_string_append_printf (s, "<span class=\"badge %s\">%s</span>", sev, sev);
}

static void
append_threads (GString *s, AugurFinding *f)
{
  guint n;
  const guint *t = augur_finding_get_threads (f, &n);
  for (guint i = 0; i < n; i++)
    {
      const char *fn = augur_report_thread_function (f, t[i]);
      g_autofree char *who = augur_thread_name (t[i]);
      g_string_append_printf (s, "%s%s", i == 0 ? "" : ", ", who);
      if (fn != NULL && strcmp (fn, who) != 0)
        {
          g_string_append (s, " (<code>");
          esc (s, fn);
          g_string_append (s, "</code>)");
        }
    }
  if (n == 0)
    g_string_append (s, "<span class=\"muted\">none recorded</span>");
}

/* ---- index ---- */

static void
kv_row (GString *s, const char *key, const char *value_html)
{
  g_string_append_printf (s, "<tr><th>%s</th><td>%s</td></tr>\n", key, value_html);
}

/* The title and the one-line summary, and how far the analysis got. */
static void
index_summary (GString *s, AugurResults *results, const char *prog_base)
{
  guint n_findings = augur_results_get_n_findings (results);
  guint n_errors = augur_results_count_severity (results, AUGUR_SEVERITY_ERROR);
  g_autofree char *summary = augur_results_dup_severity_summary (results);
  g_string_append (s, "<h1>");
  esc (s, prog_base);
  g_string_append (s, "</h1>\n<p class=\"lead\" id=\"summary\">");
  if (n_errors == 0)
    g_string_append (s, "No bug was found");
  else
    g_string_append_printf (s, "%u bug%s found", n_errors, n_errors == 1 ? "" : "s");
  if (n_findings > n_errors || augur_results_get_n_static_candidates (results) > 0)
    {
      g_string_append (s, " (");
      esc (s, summary);
      g_string_append (s, ")");
    }
  g_string_append (s, ".</p>\n");
  /* How far the analysis got, when the results say (augur check): an
   * incomplete analysis is never a clean bill */
  gboolean complete = FALSE;
  const char *how = NULL;
  if (augur_results_get_completeness (results, &complete, &how))
    {
      g_string_append_printf (s, "<p class=\"%s\" id=\"analysis\">", complete ? "muted" : "note");
      esc (s, how);
      if (!complete)
        g_string_append (s, ". What was not explored may hide bugs.");
      g_string_append (s, "</p>\n");
    }
}

/* The numbers at a glance. */
static void
index_cards (GString *s, AugurResults *results)
{
  guint n_errors = augur_results_count_severity (results, AUGUR_SEVERITY_ERROR);
  guint n_warnings = augur_results_count_severity (results, AUGUR_SEVERITY_WARNING);
  guint n_notes = augur_results_count_severity (results, AUGUR_SEVERITY_NOTE);
  g_string_append (s, "<div class=\"cards\">\n");
  g_string_append_printf (s, "<div class=\"card%s\"><div class=\"num\">%u</div>"
                             "<div class=\"lbl\">errors</div></div>\n",
                          n_errors > 0 ? " bad" : "", n_errors);
  g_string_append_printf (s, "<div class=\"card%s\"><div class=\"num\">%u</div>"
                             "<div class=\"lbl\">warnings</div></div>\n",
                          n_warnings > 0 ? " warn" : "", n_warnings);
  g_string_append_printf (s, "<div class=\"card\"><div class=\"num\">%u</div>"
                             "<div class=\"lbl\">notes</div></div>\n", n_notes);
  g_string_append_printf (s, "<div class=\"card\"><div class=\"num\">%" G_GUINT64_FORMAT
                             "</div><div class=\"lbl\">executions explored</div></div>\n",
                          augur_results_get_executions (results));
  guint64 total_pred = 0;
  for (guint c = 0; c < AUGUR_PREDICTION_N_CLASSES; c++)
    total_pred += augur_results_get_n_predictions (results, c);
  g_string_append_printf (s, "<div class=\"card\"><div class=\"num\">%" G_GUINT64_FORMAT
                             "</div><div class=\"lbl\">predictions made</div></div>\n", total_pred);
  g_autofree char *dur = format_duration (augur_results_get_duration (results));
  g_string_append (s, "<div class=\"card\"><div class=\"num\">");
  esc (s, dur);
  g_string_append (s, "</div><div class=\"lbl\">duration</div></div>\n</div>\n");
}

/* The table of findings by kind and severity. */
static void
index_by_kind (GString *s, AugurResults *results)
{
  guint n_findings = augur_results_get_n_findings (results);
  guint by_kind[AUGUR_FINDING_N_KINDS][AUGUR_SEVERITY_N] = { { 0 } };
  for (guint i = 0; i < n_findings; i++)
    {
      AugurFinding *f = augur_results_get_finding (results, i);
      by_kind[augur_finding_get_kind (f)][augur_finding_get_severity (f)]++;
    }
  g_string_append (s, "<table id=\"by-kind\">\n<tr><th>kind</th>");
  for (guint v = 0; v < AUGUR_SEVERITY_N; v++)
    g_string_append_printf (s, "<th>%ss</th>", augur_severity_to_string (v));
  g_string_append (s, "</tr>\n");
  for (guint k = 0; k < AUGUR_FINDING_N_KINDS; k++)
    {
      guint total = 0;
      for (guint v = 0; v < AUGUR_SEVERITY_N; v++)
        total += by_kind[k][v];
      if (total == 0)
        continue;
      g_string_append_printf (s, "<tr><td>%s</td>", augur_finding_kind_title (k));
      for (guint v = 0; v < AUGUR_SEVERITY_N; v++)
        g_string_append_printf (s, "<td class=\"n\">%u</td>", by_kind[k][v]);
      g_string_append (s, "</tr>\n");
    }
  g_string_append (s, "</table>\n");
}

/* One item of the list of findings: finding @i (0-based) links to its page. */
static void
index_finding_item (GString *s, AugurFinding *f, guint i)
{
  g_autofree char *full = augur_finding_dup_full_kind (f);
  g_string_append_printf (s, "<li class=\"finding %s\">",
                          augur_severity_to_string (augur_finding_get_severity (f)));
  append_severity_badge (s, f);
  g_string_append (s, " <span class=\"badge note\">");
  esc (s, full);
  g_string_append_printf (s, "</span> <a class=\"title\" href=\"finding-%u.html\">%u. ",
                          i + 1, i + 1);
  append_finding_title (s, f);
  g_string_append (s, "</a>\n<div class=\"expl\">");
  esc (s, augur_finding_get_explanation (f));
  g_string_append (s, "</div>\n<div class=\"muted\">");
  for (guint a = 0; a < augur_finding_get_n_accesses (f); a++)
    {
      const AugurAccess *acc = augur_finding_get_access (f, a);
      if (a > 0)
        g_string_append (s, " · ");
      append_loc (s, acc->file, acc->line);
    }
  g_string_append (s, "</div></li>\n");
}

/* Findings by kind, then the list. */
static void
index_findings (GString *s, AugurResults *results)
{
  guint n_findings = augur_results_get_n_findings (results);
  g_string_append (s, "<h2>Findings</h2>\n");
  if (n_findings == 0)
    {
      g_string_append (s, "<p>None.</p>\n<ol class=\"findings\" id=\"findings\"></ol>\n");
      return;
    }
  index_by_kind (s, results);
  g_string_append (s, "<ol class=\"findings\" id=\"findings\">\n");
  for (guint i = 0; i < n_findings; i++)
    index_finding_item (s, augur_results_get_finding (results, i), i);
  g_string_append (s, "</ol>\n");
}

/* The rows of the run table that say what was run: program, command line,
 * analysis, date. */
static void
index_run_what (GString *s, GString *v, AugurResults *results)
{
  g_string_append (v, "<code>");
  esc (v, augur_results_get_program (results));
  g_string_append (v, "</code>");
  kv_row (s, "Program", v->str);

  g_string_truncate (v, 0);
  g_string_append (v, "<code>");
  g_autofree char *command_line = augur_results_dup_command_line (results);
  esc (v, command_line);
  g_string_append (v, "</code>");
  kv_row (s, "Command line", v->str);

  g_string_truncate (v, 0);
  g_string_append (v, "<code>augur ");
  esc (v, augur_results_get_command (results));
  g_string_append (v, "</code>");
  if (augur_results_get_mode (results) != NULL)
    {
      g_string_append (v, " (mode ");
      esc (v, augur_results_get_mode (results));
      g_string_append (v, ")");
    }
  kv_row (s, "Analysis", v->str);

  g_string_truncate (v, 0);
  if (augur_results_get_started (results) != NULL)
    {
      g_autofree char *d = g_date_time_format (augur_results_get_started (results), "%Y-%m-%d %H:%M:%S %Z");
      esc (v, d);
    }
  else
    g_string_append (v, "<span class=\"muted\">not recorded</span>");
  kv_row (s, "Date", v->str);
}

/* The rows of the run table that say how far it went: duration,
 * executions, bounds hit, strategies. */
static void
index_run_extent (GString *s, GString *v, AugurResults *results)
{
  g_autofree char *dur = format_duration (augur_results_get_duration (results));
  g_string_truncate (v, 0);
  esc (v, dur);
  kv_row (s, "Duration", v->str);

  g_string_truncate (v, 0);
  g_string_append_printf (v, "%" G_GUINT64_FORMAT, augur_results_get_executions (results));
  kv_row (s, "Executions explored", v->str);

  g_string_truncate (v, 0);
  const char *const *bounds = augur_results_get_bounds_hit (results);
  for (guint i = 0; bounds[i] != NULL; i++)
    {
      if (i > 0)
        g_string_append (v, ", ");
      esc (v, bounds[i]);
    }
  if (bounds[0] == NULL)
    g_string_append (v, "none: the exploration was not cut short");
  kv_row (s, "Bounds hit", v->str);

  for (guint i = 0; i < augur_results_get_n_strategies (results); i++)
    {
      const AugurStrategy *st = augur_results_get_strategy (results, i);
      g_string_truncate (v, 0);
      g_string_append (v, "<code>");
      esc (v, st->name);
      g_string_append_printf (v, "</code>: %" G_GUINT64_FORMAT " execution%s, ", st->executions,
                              st->executions == 1 ? "" : "s");
      esc (v, st->guarantee);
      kv_row (s, i == 0 ? "Strategies" : "", v->str);
    }
}

/* The run. */
static void
index_run (GString *s, AugurResults *results)
{
  g_string_append (s, "<h2>Run</h2>\n<table class=\"kv\" id=\"run\">\n");
  GString *v = g_string_new (NULL);
  index_run_what (s, v, results);
  index_run_extent (s, v, results);
  g_string_free (v, TRUE);
  g_string_append (s, "</table>\n");
}

/* Predictions: per kind, how many fell in each class. */
static void
index_predictions (GString *s, AugurResults *results)
{
  g_string_append (s, "<h2>Predictions</h2>\n");
  g_autoptr(GArray) counts = augur_results_dup_prediction_counts (results);
  if (counts->len == 0)
    {
      g_string_append (s, "<p class=\"muted\">No prediction was made.</p>\n");
      return;
    }
  g_string_append (s, "<p>Each predicted violation was re-executed and classified.</p>\n"
                      "<table id=\"predictions\">\n<tr><th>kind</th>");
  for (guint c = 0; c < AUGUR_PREDICTION_N_CLASSES; c++)
    g_string_append_printf (s, "<th>%s</th>", augur_prediction_class_to_string (c));
  g_string_append (s, "</tr>\n");
  for (guint k = 0; k < AUGUR_FINDING_N_KINDS; k++)
    {
      guint64 row[AUGUR_PREDICTION_N_CLASSES] = { 0 };
      gboolean any = FALSE;
      for (guint i = 0; i < counts->len; i++)
        {
          const AugurPredictionCount *pc = &g_array_index (counts, AugurPredictionCount, i);
          if (pc->kind == k)
            {
              row[pc->cls] = pc->count;
              any = TRUE;
            }
        }
      if (!any)
        continue;
      g_string_append_printf (s, "<tr><td>%s</td>", augur_finding_kind_to_string (k));
      for (guint c = 0; c < AUGUR_PREDICTION_N_CLASSES; c++)
        g_string_append_printf (s, "<td class=\"n\">%" G_GUINT64_FORMAT "</td>", row[c]);
      g_string_append (s, "</tr>\n");
    }
  g_string_append (s, "<tr><th>total</th>");
  for (guint c = 0; c < AUGUR_PREDICTION_N_CLASSES; c++)
    g_string_append_printf (s, "<th class=\"n\">%" G_GUINT64_FORMAT "</th>",
                            augur_results_get_n_predictions (results, c));
  g_string_append (s, "</tr>\n</table>\n");
}

/* The static candidates no run exercised, when there are any. */
static void
index_static_candidates (GString *s, AugurResults *results)
{
  guint n_cand = augur_results_get_n_static_candidates (results);
  if (n_cand == 0)
    return;
  g_string_append_printf (s, "<h2>Not exercised by the test driver</h2>\n<p>Static "
                             "analysis flagged %u pair%s of accesses as possibly "
                             "conflicting, but in no run did they meet (two threads, the "
                             "same memory, one of them writing). They are a coverage hint, "
                             "not bugs: a test that makes them meet lets augur check "
                             "them.</p>\n"
                             "<table id=\"static-candidates\">\n<tr><th>object</th>"
                             "<th>first access</th><th>second access</th></tr>\n",
                          n_cand, n_cand == 1 ? "" : "s");
  for (guint i = 0; i < n_cand; i++)
    {
      const AugurStaticCandidate *c = augur_results_get_static_candidate (results, i);
      g_string_append (s, "<tr><td><code>");
      esc (s, c->object != NULL ? c->object : "?");
      g_string_append (s, "</code></td><td>");
      append_loc (s, c->file_a, c->line_a);
      g_string_append (s, "</td><td>");
      append_loc (s, c->file_b, c->line_b);
      g_string_append (s, "</td></tr>\n");
    }
  g_string_append (s, "</table>\n");
}

char *
augur_report_html_index (AugurResults *results)
{
  g_return_val_if_fail (results != NULL, NULL);

  GString *s = g_string_new (NULL);
  g_autofree char *prog_base = g_path_get_basename (augur_results_get_program (results));
  g_autofree char *title = g_strdup_printf ("augur report: %s", prog_base);
  page_begin (s, title);
  index_summary (s, results, prog_base);
  index_cards (s, results);
  index_findings (s, results);
  index_run (s, results);
  index_predictions (s, results);
  index_static_candidates (s, results);
  page_end (s);
  return g_string_free (s, FALSE);
}

/* ---- finding pages ---- */

/* The lines of a source file, or NULL with *why set.  Only files the
 * program's debug info names are read (common/source-access.h). */
static char **
read_source (const char *program, const char *source_dir, const char *file, char **why)
{
  g_autofree char *text = augur_source_read (program, source_dir, file, why);
  return text != NULL ? g_strsplit (text, "\n", -1) : NULL;
}

static void
append_source_excerpt (GString *s, GHashTable *cache, const char *program,
                       const char *source_dir, const char *file, guint line)
{
  if (file == NULL || line == 0)
    {
      g_string_append (s, "<p class=\"note\">No source location was recorded for this access.</p>\n");
      return;
    }
  char **lines = g_hash_table_lookup (cache, file);
  if (lines == NULL)
    {
      g_autofree char *why = NULL;
      lines = read_source (program, source_dir, file, &why);
      if (lines == NULL)
        {
          g_string_append (s, "<p class=\"note\">Source not available: ");
          esc (s, why);
          g_string_append (s, "</p>\n");
          return;
        }
      g_hash_table_insert (cache, g_strdup (file), lines);
    }
  guint n = g_strv_length (lines);
  if (line > n)
    {
      g_string_append_printf (s, "<p class=\"note\">The source file has %u lines, fewer than %u: "
                                 "it may have changed since the run.</p>\n", n, line);
      return;
    }
  guint first = line > SOURCE_CONTEXT ? line - SOURCE_CONTEXT : 1;
  guint last = MIN (n, line + SOURCE_CONTEXT);
  g_string_append (s, "<pre class=\"source\">");
  for (guint l = first; l <= last; l++)
    {
      const char *text = lines[l - 1];
      gsize len = strlen (text);
      g_autofree char *trimmed = g_strndup (text, len > 0 && text[len - 1] == '\r' ? len - 1 : len);
      g_string_append_printf (s, "<span class=\"l%s\"><span class=\"ln\">%u</span>",
                              l == line ? " hit" : "", l);
      esc (s, trimmed);
      g_string_append (s, "</span>");
    }
  g_string_append (s, "</pre>\n");
}

static const char *
op_verb (AugurOp op)
{
  const char *verb = augur_ops_op (op)->verb;
  return verb != NULL ? verb : augur_op_to_string (op);
}

static void
append_step_text (GString *s, const AugurStep *st)
{
  esc (s, augur_op_to_string (st->op));
  if (st->object != NULL)
    {
      g_string_append_c (s, ' ');
      esc (s, st->object);
    }
  if (st->peer >= 0 && st->op != AUGUR_OP_START)
    g_string_append_printf (s, " T%d", st->peer);
  if (st->file != NULL)
    {
      g_autofree char *base = g_path_get_basename (st->file);
      g_string_append (s, " <span class=\"loc\">");
      esc (s, base);
      if (st->line != 0)
        g_string_append_printf (s, ":%u", st->line);
      g_string_append (s, "</span>");
    }
}

static void
append_timeline (GString *s, AugurFinding *f, AugurReportRelevance *rel)
{
  g_autoptr(GArray) view = augur_report_relevance_dup_view (rel);
  guint n_steps = augur_finding_get_n_steps (f);

  /* Columns: the threads with a shown step, sorted. */
  g_autoptr(GArray) cols = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < view->len; i++)
    {
      guint t = augur_finding_get_step (f, g_array_index (view, guint, i))->thread;
      guint j = 0;
      while (j < cols->len && g_array_index (cols, guint, j) < t)
        j++;
      if (j == cols->len || g_array_index (cols, guint, j) != t)
        g_array_insert_val (cols, j, t);
    }

  if (view->len < n_steps)
    g_string_append_printf (s, "<p class=\"muted\">The schedule has %u steps; the %u that matter "
                               "are shown.</p>\n", n_steps, view->len);
  g_string_append (s, "<table class=\"timeline\" id=\"timeline\">\n<tr><th>step</th>");
  for (guint j = 0; j < cols->len; j++)
    {
      guint t = g_array_index (cols, guint, j);
      const char *fn = augur_report_thread_function (f, t);
      g_autofree char *who = augur_thread_name (t);
      g_string_append_printf (s, "<th>%s", who);
      if (fn != NULL && strcmp (fn, who) != 0)
        {
          g_string_append (s, " <span class=\"muted\">");
          esc (s, fn);
          g_string_append (s, "</span>");
        }
      g_string_append (s, "</th>");
    }
  g_string_append (s, "</tr>\n");

  guint next = 0;
  for (guint i = 0; i < view->len; i++)
    {
      guint st = g_array_index (view, guint, i);
      if (st > next)
        g_string_append_printf (s, "<tr class=\"gap\"><td colspan=\"%u\">%u step%s not shown</td></tr>\n",
                                cols->len + 1, st - next, st - next == 1 ? "" : "s");
      next = st + 1;
      const AugurStep *step = augur_finding_get_step (f, st);
      gboolean bug = augur_finding_is_bug_step (f, st);
      g_string_append_printf (s, "<tr%s><td class=\"step\">%u</td>", bug ? " class=\"bug\"" : "", st);
      for (guint j = 0; j < cols->len; j++)
        {
          if (g_array_index (cols, guint, j) == step->thread)
            {
              g_string_append (s, "<td class=\"ev\">");
              append_step_text (s, step);
              g_string_append (s, "</td>");
            }
          else
            g_string_append (s, "<td></td>");
        }
      g_string_append (s, "</tr>\n");
    }
  if (next < n_steps)
    g_string_append_printf (s, "<tr class=\"gap\"><td colspan=\"%u\">%u step%s not shown</td></tr>\n",
                            cols->len + 1, n_steps - next, n_steps - next == 1 ? "" : "s");
  g_string_append (s, "</table>\n");
}

/* The <svg> element of a complete SVG document (drops the XML prolog and DOCTYPE). */
static const char *
svg_element (const char *svg)
{
  const char *p = strstr (svg, "<svg");
  return p != NULL ? p : svg;
}

/* The head of a finding page: where it is, its title and explanation. */
static void
finding_header (GString *s, AugurResults *results, AugurFinding *f, guint number,
                const char *full)
{
  g_string_append_printf (s, "<p class=\"muted\"><a href=\"index.html\">All findings</a> / "
                             "finding %u of %u</p>\n<h1>", number,
                          augur_results_get_n_findings (results));
  append_finding_title (s, f);
  g_string_append (s, " ");
  append_severity_badge (s, f);
  g_string_append (s, " <span class=\"badge note\">");
  esc (s, full);
  g_string_append (s, "</span></h1>\n<p class=\"lead\" id=\"explanation\">");
  esc (s, augur_finding_get_explanation (f));
  g_string_append (s, "</p>\n<p class=\"muted\" id=\"description\">");
  esc (s, augur_finding_describe (f));
  g_string_append (s, "</p>\n");
}

/* The finding's facts: severity, threads, object. */
static void
finding_facts (GString *s, AugurFinding *f)
{
  g_string_append (s, "<table class=\"kv\">\n");
  GString *v = g_string_new (NULL);
  g_string_append (v, augur_severity_to_string (augur_finding_get_severity (f)));
  kv_row (s, "Severity", v->str);
  g_string_truncate (v, 0);
  append_threads (v, f);
  kv_row (s, "Threads", v->str);
  if (augur_finding_get_object (f) != NULL)
    {
      g_string_truncate (v, 0);
      g_string_append (v, "<code>");
      esc (v, augur_finding_get_object (f));
      g_string_append (v, "</code>");
      const char *id = augur_finding_get_object_id (f);
      if (g_strcmp0 (id, augur_finding_get_object (f)) != 0)
        {
          /* the stable name: the same in every run, what augur predict prints */
          g_string_append (v, " <span class=\"muted\">(<code>");
          esc (v, id);
          g_string_append (v, "</code>)</span>");
        }
      if (augur_finding_get_object_kind (f) != NULL)
        {
          g_string_append (v, " (");
          esc (v, augur_finding_get_object_kind (f));
          g_string_append (v, ")");
        }
      kv_row (s, "Object", v->str);
    }
  g_string_free (v, TRUE);
  g_string_append (s, "</table>\n");
}

/* The findings this bug is made of: the cause chain, one by one. */
static void
finding_parts (GString *s, AugurFinding *f)
{
  if (augur_finding_get_n_parts (f) == 0)
    return;
  g_string_append (s, "<h2>What it is made of</h2>\n<p>The explanation above is one bug seen "
                      "from several sides; each was found on its own:</p>\n"
                      "<ol class=\"parts\" id=\"parts\">\n");
  for (guint i = 0; i < augur_finding_get_n_parts (f); i++)
    {
      AugurFinding *p = augur_finding_get_part (f, i);
      g_autofree char *pkind = augur_finding_dup_full_kind (p);
      g_string_append (s, "<li class=\"part\">");
      append_severity_badge (s, p);
      g_string_append (s, " <strong>");
      append_finding_title (s, p);
      g_string_append (s, "</strong>: ");
      esc (s, augur_finding_get_explanation (p));
      g_string_append (s, "<div class=\"muted\">");
      for (guint a = 0; a < augur_finding_get_n_accesses (p); a++)
        {
          const AugurAccess *acc = augur_finding_get_access (p, a);
          g_autofree char *who = augur_thread_name (acc->thread);
          if (a > 0)
            g_string_append (s, " · ");
          esc (s, who);
          g_string_append_c (s, ' ');
          esc (s, augur_op_to_string (acc->op));
          g_string_append (s, " at ");
          g_autofree char *base = acc->file != NULL ? g_path_get_basename (acc->file) : NULL;
          append_loc (s, base, acc->line);
        }
      g_string_append (s, "</div></li>\n");
    }
  g_string_append (s, "</ol>\n");
}

/* The call stack of an access (a lock wrapper's acquisitions differ only
 * here), then the locks it held. */
static void
access_callers_and_locks (GString *s, const AugurAccess *a)
{
  if (a->n_callers > 0)
    {
      g_string_append (s, "<br><span class=\"callers\">Called from: ");
      for (guint j = 0; j < a->n_callers; j++)
        {
          const AugurFrame *fr = &a->callers[j];
          if (j > 0)
            g_string_append (s, ", called from ");
          if (fr->function != NULL)
            {
              g_string_append (s, "<code>");
              esc (s, fr->function);
              g_string_append (s, "()</code> ");
            }
          g_string_append (s, "at ");
          append_loc (s, fr->file, fr->line);
        }
      g_string_append (s, "</span>");
    }
  g_string_append (s, "<br>Locks held: ");
  if (a->locks_held[0] == NULL)
    g_string_append (s, "<em>none</em>");
  for (guint j = 0; a->locks_held[j] != NULL; j++)
    {
      g_string_append (s, j > 0 ? ", <code>" : "<code>");
      esc (s, a->locks_held[j]);
      g_string_append (s, "</code>");
    }
}

/* The head line of access @a of @f: who does what to which object, where. */
static void
access_head (GString *s, AugurFinding *f, const AugurAccess *a)
{
  g_string_append (s, "<div class=\"access\"><div class=\"head\">");
  /* The object: the access's own step names it (each lock of a
   * deadlock); else the finding's variable for a memory access. */
  gint step = augur_finding_find_step (f, a->thread, a->event);
  const char *object = step >= 0 ? augur_finding_get_step (f, (guint) step)->object : NULL;
  if (object == NULL && augur_op_is_memory_access (a->op))
    object = augur_finding_get_object (f);
  g_autofree char *who = augur_thread_name (a->thread);
  if (who[0] == 't')
    who[0] = 'T';   /* "Thread 2", but "main" is a name */
  g_string_append_printf (s, "<strong>%s</strong> %s ", who, op_verb (a->op));
  if (object != NULL)
    {
      g_string_append (s, "<code>");
      esc (s, object);
      g_string_append (s, "</code> ");
    }
  g_string_append (s, "at ");
  append_loc (s, a->file, a->line);
  if (a->function != NULL)
    {
      g_string_append (s, " in <code>");
      esc (s, a->function);
      g_string_append (s, "()</code>");
    }
  if (step >= 0)
    g_string_append_printf (s, " <span class=\"muted\">(step %d)</span>", step);
}

/* The accesses, each with its source excerpt. */
static void
finding_accesses (GString *s, AugurResults *results, AugurFinding *f, const char *source_dir,
                  GHashTable *cache)
{
  g_string_append (s, "<h2>Involved accesses</h2>\n");
  if (augur_finding_get_n_accesses (f) == 0)
    g_string_append (s, "<p class=\"muted\">No access was recorded for this finding.</p>\n");
  for (guint i = 0; i < augur_finding_get_n_accesses (f); i++)
    {
      const AugurAccess *a = augur_finding_get_access (f, i);
      access_head (s, f, a);
      access_callers_and_locks (s, a);
      g_string_append (s, "</div>\n");
      append_source_excerpt (s, cache, augur_results_get_program (results), source_dir, a->file,
                             a->line);
      g_string_append (s, "</div>\n");
    }
}

/* How to replay the finding, or why it cannot be. */
static void
finding_replay (GString *s, AugurFinding *f)
{
  g_string_append (s, "<h2>Replay</h2>\n");
  if (augur_finding_get_replay (f) != NULL)
    {
      g_string_append (s, "<p>Run this to execute the program again under exactly this schedule:"
                          "</p>\n<pre class=\"cmd\" id=\"replay\"><code>");
      esc (s, augur_finding_get_replay (f));
      g_string_append (s, "</code></pre>\n");
    }
  else if (augur_finding_get_prediction_pattern (f) != NULL
           && !augur_finding_get_prediction_class (f, NULL))
    g_string_append (s, "<p class=\"muted\">A prediction not confirmed yet cannot be replayed: "
                        "run <code>augur confirm</code> on its results file first.</p>\n");
  else
    g_string_append (s, "<p class=\"muted\">No replay command was recorded: run "
                        "<code>augur replay RESULTS#N</code> with the results file this report "
                        "was made from and this finding's number.</p>\n");
}

/* The schedule, the happens-before diagram and the replay command; for a
 * lock-order inversion that did not deadlock, why there are none. */
static void
finding_schedule (GString *s, AugurFinding *f, AugurReportRelevance *rel, guint number,
                  const char *svg)
{
  if (augur_finding_get_n_steps (f) == 0 && augur_finding_get_kind (f) == AUGUR_FINDING_LOCK_ORDER)
    {
      /* a lock-order inversion that did not deadlock: a hazard, no event */
      g_string_append (s, "<h2>Schedule</h2>\n<p class=\"muted\" id=\"no-schedule\">"
                          "No run deadlocked on this order, so there is no schedule to show or "
                          "replay: each thread's acquisitions above are where the order is "
                          "inconsistent. When a run deadlocks on it, the deadlock is the "
                          "finding, with this inversion as its cause.</p>\n");
      return;
    }
  /* The schedule. */
  g_string_append (s, "<h2>Schedule</h2>\n<p>The steps below, in this order, reproduce the bug; "
                      "its own steps are highlighted.</p>\n");
  append_timeline (s, f, rel);

  /* The diagram. */
  g_string_append_printf (s, "<h2>Happens-before diagram</h2>\n<p class=\"legend\">"
                             "Boxes are steps, one column per thread."
                             "<span class=\"k\" style=\"border-color:#8c959f\"></span>program order"
                             "<span class=\"k\" style=\"border-color:#0969da\"></span>synchronisation"
                             "<span class=\"k\" style=\"border-color:#cf222e\"></span>the bug. "
                             "Also as <a href=\"finding-%u.dot\">DOT</a> and "
                             "<a href=\"finding-%u.svg\">SVG</a>.</p>\n",
                          number, number);
  if (svg != NULL)
    {
      g_string_append (s, "<div class=\"diagram\" id=\"diagram\">\n");
      /* Graphviz's SVG output escapes the labels it draws; it is inserted as is. */
      g_string_append (s, svg_element (svg));
      g_string_append (s, "</div>\n");
    }
  else
    g_string_append (s, "<p class=\"note\">The diagram could not be rendered.</p>\n");

  finding_replay (s, f);
}

/* Links to the previous and next findings. */
static void
finding_pager (GString *s, AugurResults *results, guint number)
{
  g_string_append (s, "<nav class=\"pager\">");
  if (number > 1)
    g_string_append_printf (s, "<a href=\"finding-%u.html\">&larr; finding %u</a>", number - 1,
                            number - 1);
  else
    g_string_append (s, "<a href=\"index.html\">&larr; all findings</a>");
  if (number < augur_results_get_n_findings (results))
    g_string_append_printf (s, "<a href=\"finding-%u.html\">finding %u &rarr;</a>", number + 1,
                            number + 1);
  g_string_append (s, "</nav>\n");
}

char *
augur_report_html_finding (AugurResults *results, guint index, const char *source_dir,
                           const char *svg)
{
  g_return_val_if_fail (results != NULL, NULL);
  g_return_val_if_fail (index < augur_results_get_n_findings (results), NULL);

  AugurFinding *f = augur_results_get_finding (results, index);
  guint number = index + 1;
  g_autoptr(AugurReportRelevance) rel = augur_report_relevance_compute (f, AUGUR_REPORT_MAX_RELEVANT_STEPS);
  g_autoptr(GHashTable) cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                       (GDestroyNotify) g_strfreev);
  GString *s = g_string_new (NULL);
  g_autofree char *full = augur_finding_dup_full_kind (f);
  g_autofree char *title = g_strdup_printf ("Finding %u: %s", number, full);
  page_begin (s, title);
  finding_header (s, results, f, number, full);
  finding_facts (s, f);
  finding_parts (s, f);
  finding_accesses (s, results, f, source_dir, cache);
  finding_schedule (s, f, rel, number, svg);
  finding_pager (s, results, number);
  page_end (s);
  return g_string_free (s, FALSE);
}

/* ---- writing ---- */

static gboolean
write_file (const char *dir, const char *name, const char *data, GError **error)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) local = NULL;
  if (!g_file_set_contents (path, data, -1, &local))
    {
      g_set_error (error, AUGUR_REPORT_ERROR, AUGUR_REPORT_ERROR_WRITE, "cannot write %s: %s",
                   path, local->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
augur_report_html_write (AugurResults *results, const char *source_dir, const char *out_dir,
                         GError **error)
{
  g_return_val_if_fail (results != NULL, FALSE);
  g_return_val_if_fail (out_dir != NULL, FALSE);

  if (g_mkdir_with_parents (out_dir, 0755) != 0)
    {
      int e = errno;
      g_set_error (error, AUGUR_REPORT_ERROR, AUGUR_REPORT_ERROR_WRITE,
                   "cannot create the report directory %s: %s", out_dir, g_strerror (e));
      return FALSE;
    }

  g_autofree char *index = augur_report_html_index (results);
  if (!write_file (out_dir, "index.html", index, error))
    return FALSE;

  for (guint i = 0; i < augur_results_get_n_findings (results); i++)
    {
      AugurFinding *f = augur_results_get_finding (results, i);
      g_autoptr(AugurReportHbGraph) hb = augur_report_hb_graph_new (f, i + 1,
                                                                    AUGUR_REPORT_MAX_RELEVANT_STEPS);
      g_autofree char *dot = augur_report_hb_graph_to_dot (hb);
      g_autofree char *svg = augur_report_hb_graph_to_svg (hb, error);
      if (svg == NULL)
        return FALSE;
      g_autofree char *page = augur_report_html_finding (results, i, source_dir, svg);
      g_autofree char *dot_name = g_strdup_printf ("finding-%u.dot", i + 1);
      g_autofree char *svg_name = g_strdup_printf ("finding-%u.svg", i + 1);
      g_autofree char *html_name = g_strdup_printf ("finding-%u.html", i + 1);
      if (!write_file (out_dir, dot_name, dot, error)
          || !write_file (out_dir, svg_name, svg, error)
          || !write_file (out_dir, html_name, page, error))
        return FALSE;
    }
  return TRUE;
}
