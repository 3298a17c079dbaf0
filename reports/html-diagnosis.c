/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * html-diagnosis.c — the diagnosis section of a finding's page
 * (html-diagnosis.h).
 */
#include "config.h"

#include "reports/html-diagnosis.h"

#include <string.h>

#include "common/json-util.h"
#include "reports/html.h"

/* An ordering's two ends in words, joined by @sep. */
static void
append_orderings (GString *s, JsonArray *pairs, const char *list_class, const char *sep)
{
  g_string_append_printf (s, "<ol class=\"%s\">\n", list_class);
  for (guint i = 0; i < json_array_get_length (pairs); i++)
    {
      JsonObject *p = augur_json_element_object (pairs, i);
      if (p == NULL)
        continue;
      g_string_append (s, "<li>");
      const char *text = augur_json_member_string (p, "text");
      if (sep == NULL && text != NULL)
        augur_report_html_escape (s, text);
      else
        {
          /* a kill-set edge: its text is "A before B"; show it as A →s B */
          const char *cut = text != NULL ? strstr (text, " before ") : NULL;
          if (cut != NULL)
            {
              g_autofree char *a = g_strndup (text, cut - text);
              augur_report_html_escape (s, a);
              g_string_append_printf (s, " <span class=\"arrow\">%s</span> ", sep);
              augur_report_html_escape (s, cut + strlen (" before "));
            }
          else
            augur_report_html_escape (s, text);
        }
      g_string_append (s, "</li>\n");
    }
  g_string_append (s, "</ol>\n");
}

/* A patch as a diff: one span per line, classed by its first character. */
static void
append_patch (GString *s, const char *patch)
{
  g_string_append (s, "<pre class=\"diff\">");
  g_auto (GStrv) lines = g_strsplit (patch, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *l = lines[i];
      if (l[0] == '\0' && lines[i + 1] == NULL)
        break;
      const char *cls = g_str_has_prefix (l, "+++") || g_str_has_prefix (l, "---") ? "diff-file"
                        : l[0] == '+' ? "diff-add"
                        : l[0] == '-' ? "diff-del"
                        : g_str_has_prefix (l, "@@") ? "diff-hunk" : "diff-ctx";
      g_string_append_printf (s, "<span class=\"%s\">", cls);
      augur_report_html_escape (s, l);
      /* each span a block: a newline between them would be a blank line */
      g_string_append (s, "</span>");
    }
  g_string_append (s, "</pre>\n");
}

static void
append_repairs (GString *s, JsonArray *repairs)
{
  guint n = json_array_get_length (repairs);
  g_string_append (s, "<h3>Repairs</h3>\n");
  if (n == 0)
    {
      g_string_append (s, "<p class=\"muted\">No repair was proposed.</p>\n");
      return;
    }
  g_string_append (s, "<p>Each repair is a patch for <code>patch -p1</code> in the source "
                      "directory; a repair is recommended only when the patched program, rebuilt "
                      "and explored, failed in no execution and deadlocked in none.</p>\n");
  for (guint k = 0; k < n; k++)
    {
      JsonObject *r = augur_json_element_object (repairs, k);
      if (r == NULL)
        continue;
      const char *verdict = augur_json_member_string (r, "verdict") != NULL ? augur_json_member_string (r, "verdict") : "not verified";
      g_autofree char *vclass = g_strdelimit (g_strdup (verdict), " ", '-');
      g_string_append_printf (s, "<div class=\"repair %s\" id=\"repair-%u\">\n<h4>Repair %u (",
                              vclass, k + 1, k + 1);
      augur_report_html_escape (s, augur_json_member_string (r, "kind"));
      g_string_append (s, ")");
      if (strcmp (verdict, "verified") == 0)
        g_string_append (s, " <span class=\"verdict verified\">verified, recommended</span>");
      else
        {
          g_string_append_printf (s, " <span class=\"verdict %s\">", vclass);
          augur_report_html_escape (s, verdict);
          g_string_append (s, "</span>");
        }
      g_string_append (s, "</h4>\n<p>");
      augur_report_html_escape (s, augur_json_member_string (r, "summary"));
      g_string_append (s, "</p>\n");
      if (augur_json_member_string (r, "verification") != NULL)
        {
          g_string_append (s, "<p class=\"verification\">");
          augur_report_html_escape (s, augur_json_member_string (r, "verification"));
          g_string_append (s, "</p>\n");
        }
      if (augur_json_member_string (r, "still_fails") != NULL)
        {
          g_string_append (s, "<p>A schedule that still fails:</p>\n<pre class=\"cmd\">");
          augur_report_html_escape (s, augur_json_member_string (r, "still_fails"));
          g_string_append (s, "</pre>\n");
        }
      if (augur_json_member_string (r, "patch") != NULL && augur_json_member_string (r, "kind") != NULL
          && strcmp (augur_json_member_string (r, "kind"), "given") != 0)
        append_patch (s, augur_json_member_string (r, "patch"));
      g_string_append (s, "</div>\n");
    }
}

void
augur_report_html_diagnosis_append (GString *s, AugurReportDiagnosis *d, guint number,
                                    guint drawn)
{
  if (d == NULL)
    return;
  JsonObject *f = augur_report_diagnosis_get_finding (d, number);
  const char *note = augur_report_diagnosis_get_note (d);
  if (f == NULL && note == NULL)
    return;
  g_string_append (s, "<section id=\"diagnosis\">\n<h2>Diagnosis: root cause and repair</h2>\n");
  if (note != NULL)
    {
      g_string_append (s, "<p class=\"note\">");
      augur_report_html_escape (s, note);
      g_string_append (s, "</p>\n");
    }
  if (f == NULL)
    {
      g_string_append (s, "<p class=\"muted\">This finding was not diagnosed.</p>\n</section>\n");
      return;
    }
  if (augur_json_member_string (f, "note") != NULL)
    {
      g_string_append (s, "<p class=\"note\">");
      augur_report_html_escape (s, augur_json_member_string (f, "note"));
      g_string_append (s, "</p>\n");
    }
  JsonArray *classes = augur_json_member_array (f, "classes");
  guint nc = classes != NULL ? json_array_get_length (classes) : 0;
  if (nc > 0)
    {
      gint64 failing = json_object_get_int_member_with_default (f, "failing_executions", 0);
      gint64 execs = json_object_get_int_member_with_default (f, "executions", 0);
      gboolean complete = json_object_get_boolean_member_with_default (f, "complete", FALSE);
      gint64 met = json_object_get_int_member_with_default (f, "failing_explored", 0);
      gint64 kept = json_object_get_int_member_with_default (f, "failing_kept", 0);
      g_autofree char *sample = met > kept
        ? g_strdup_printf (" among the first %" G_GINT64_FORMAT " kept (--max-failing) of the %"
                           G_GINT64_FORMAT " failing", kept, met)
        : g_strdup ("");
      g_string_append_printf (s, "<p>%u class%s of failing schedules (%" G_GINT64_FORMAT
                                 " failing%s of %" G_GINT64_FORMAT " executions explored, %s). "
                                 "The root cause of a class is the few orderings between "
                                 "threads that must all hold for the failure; the diagram above "
                                 "draws %u of them as bold red <em>root cause</em> edges.</p>\n",
                              nc, nc == 1 ? "" : "es", failing, sample, execs,
                              complete ? "all traces" : "the exploration was incomplete", drawn);
    }
  for (guint k = 0; k < nc; k++)
    {
      JsonObject *c = augur_json_element_object (classes, k);
      if (c == NULL)
        continue;
      JsonArray *core = augur_json_member_array (c, "core");
      JsonArray *kill = augur_json_member_array (c, "kill_set");
      guint ncore = core != NULL ? json_array_get_length (core) : 0;
      gint64 runs = json_object_get_int_member_with_default (c, "executions", 0);
      g_string_append_printf (s, "<div class=\"class\" id=\"class-%u\">\n<h3>Class %u</h3>\n"
                                 "<p>Root cause: these %u ordering%s must all hold "
                                 "(%" G_GINT64_FORMAT " failing execution%s):</p>\n",
                              k + 1, k + 1, ncore, ncore == 1 ? "" : "s", runs,
                              runs == 1 ? "" : "s");
      if (core != NULL)
        append_orderings (s, core, "core", NULL);
      if (kill != NULL && json_array_get_length (kill) > 0)
        {
          g_string_append (s, "<p>Kill-set: any one of these new orderings removes the "
                              "class:</p>\n");
          append_orderings (s, kill, "kill-set", "&rarr;<sub>s</sub>");
        }
      g_string_append (s, "</div>\n");
    }
  JsonArray *repairs = augur_json_member_array (f, "repairs");
  if (repairs != NULL)
    append_repairs (s, repairs);
  if (augur_json_member_string (f, "no_lock_repair") != NULL)
    {
      g_string_append (s, "<p class=\"note\">No lock repair: ");
      augur_report_html_escape (s, augur_json_member_string (f, "no_lock_repair"));
      g_string_append (s, "</p>\n");
    }
  g_string_append (s, "</section>\n");
}

char *
augur_report_html_diagnosis (AugurReportDiagnosis *d, guint number, guint drawn)
{
  GString *s = g_string_new (NULL);
  augur_report_html_diagnosis_append (s, d, number, drawn);
  return g_string_free (s, FALSE);
}
