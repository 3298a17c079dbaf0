/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * diagnose-output.c — the diagnosis in words (stdout) and as JSON
 * ("augur-diagnosis/1", written next to the results):
 *
 *   { "schema": "augur-diagnosis/1", "results": PATH,
 *     "findings": [ { "finding": N, "kind", "site", "exit_status"? (an
 *       exit-status failure: the status its failing executions end with),
 *       "diagnosed", "note"?,
 *       "executions", "complete", "failing_executions" (at this site, among
 *       those kept), "failing_explored" (met, any site), "failing_kept"
 *       (--max-failing), "passing_checked", "no_lock_repair"? (why not),
 *       "seconds",
 *       "classes": [ { "executions", "level", "schedule_orderings",
 *                      "core": [ { "before": EV, "after": EV, "text" } ],
 *                      "kill_set": [ { "before": EV, "after": EV, "text" } ] } ],
 *       "binate_covers": N,
 *       "repairs": [ { "kind": "lock"|"order"|"given", "summary", "file",
 *                      "patch", "verdict": "verified"|"rejected"|"not verified",
 *                      "verification", "still_fails"? } ] } ] }
 *   EV = { "thread", "op", "object"?, "file"?, "line", "function"? }
 */
#include "config.h"

#include "diagnose/diagnose.h"

#include <json-glib/json-glib.h>

#include "common/json-util.h"
#include "common/output-file.h"
#include "common/sort-strings.h"

static const char *
verdict_name (AugurDiagVerdict v)
{
  return v == AUGUR_DIAG_VERIFIED ? "verified" : v == AUGUR_DIAG_REJECTED ? "rejected" : "not verified";
}

static const char *
repair_kind (AugurDiagRepairKind k)
{
  return k == AUGUR_DIAG_REPAIR_LOCK ? "lock" : k == AUGUR_DIAG_REPAIR_ORDER ? "order" : "given";
}

static void
text_pairs (GString *s, const AugurDiagTrace *t, const GArray *pairs, const char *sep)
{
  for (guint k = 0; k < pairs->len; k++)
    {
      g_autofree char *text = augur_diag_pair_describe (t, &g_array_index (pairs, AugurDiagPair, k),
                                                        sep);
      g_string_append_printf (s, "      %s\n", text);
    }
}

/* An ordering by source lines: "prog.c:5 w < prog.c:10 w". */
static char *
line_pair (const AugurDiagTrace *t, const AugurDiagPair *p)
{
  const AugurDiagEvent *a = augur_diag_trace_event (t, p->a), *b = augur_diag_trace_event (t, p->b);
  return g_strdup_printf ("%s:%u %u < %s:%u %u", a->file ? a->file : "?", a->line, a->op,
                          b->file ? b->file : "?", b->line, b->op);
}

/* The paper merges orderings between the same source lines (its Table 2,
 * "unique constraints"): how many distinct orderings, and how many
 * distinct cores, by source line (loop iterations and threads running the
 * same code fold together). */
static void
by_lines (AugurDiagFinding *f, guint *orderings, guint *cores)
{
  g_autoptr (GHashTable) ord = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GHashTable) cor = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint k = 0; k < f->classes->len; k++)
    {
      AugurDiagClass *c = g_ptr_array_index (f->classes, k);
      g_autoptr (GPtrArray) mine = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < c->core.core->len; i++)
        {
          char *lp = line_pair (c->trace, &g_array_index (c->core.core, AugurDiagPair, i));
          g_hash_table_add (ord, g_strdup (lp));
          g_ptr_array_add (mine, lp);
        }
      augur_sort_strings (mine);
      g_ptr_array_add (mine, NULL);
      g_hash_table_add (cor, g_strjoinv ("|", (char **) mine->pdata));
    }
  *orderings = g_hash_table_size (ord);
  *cores = g_hash_table_size (cor);
}

/* How many failing executions the classes come from: all of them, or a
 * sample when --max-failing kept fewer than the exploration met. */
static char *
sample_text (const AugurDiagFinding *f)
{
  const char *done = f->complete ? "all traces" : "exploration incomplete";
  if (f->failing_explored <= f->failing_kept)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " failing of %" G_GUINT64_FORMAT
                            " executions explored, %s", f->failing_runs, f->executions, done);
  return g_strdup_printf ("a sample: %" G_GUINT64_FORMAT " failing here among the first %u failing "
                          "executions kept (--max-failing) of the %" G_GUINT64_FORMAT " failing in %"
                          G_GUINT64_FORMAT " executions explored; %s", f->failing_runs,
                          f->failing_kept, f->failing_explored, f->executions, done);
}

char *
augur_diag_to_text (GPtrArray *findings)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < findings->len; i++)
    {
      AugurDiagFinding *f = g_ptr_array_index (findings, i);
      g_string_append_printf (s, "finding %u: %s at %s", f->finding, f->kind,
                              f->site != NULL ? f->site : "?");
      if (f->exit_failure && f->exit_status > 0)
        g_string_append_printf (s, ", exit status %d", f->exit_status);
      else if (f->exit_failure)
        g_string_append (s, ", an exit status");
      g_string_append_c (s, '\n');
      if (f->diagnosed)
        {
          g_autofree char *sample = sample_text (f);
          g_string_append_printf (s, "  root cause: %u class%s of failing schedules (%s)\n",
                                  f->classes->len, f->classes->len == 1 ? "" : "es", sample);
          for (guint k = 0; k < f->classes->len; k++)
            {
              AugurDiagClass *c = g_ptr_array_index (f->classes, k);
              g_string_append_printf (s, "    class %u: %u of the schedule's %u inter-thread "
                                      "orderings must all hold (%u execution%s):\n",
                                      k + 1, c->core.core->len, c->core.n_soft, c->n_runs,
                                      c->n_runs == 1 ? "" : "s");
              text_pairs (s, c->trace, c->core.core, "before");
              if (c->kill != NULL)
                {
                  g_string_append_printf (s, "    kill-set %u (any one of these new orderings "
                                          "removes the class):\n", k + 1);
                  text_pairs (s, c->trace, c->kill, "\u2192s");
                }
            }
          guint uo, uc;
          by_lines (f, &uo, &uc);
          g_string_append_printf (s, "  by source line: %u distinct core%s, %u distinct ordering%s\n",
                                  uc, uc == 1 ? "" : "s", uo, uo == 1 ? "" : "s");
          g_string_append_printf (s, "  binate covers: %u\n", f->covers);
          if (f->no_lock != NULL)
            g_string_append_printf (s, "  no lock repair: %s\n", f->no_lock);
        }
      for (guint k = 0; k < f->repairs->len; k++)
        {
          AugurDiagRepair *r = g_ptr_array_index (f->repairs, k);
          g_string_append_printf (s, "  repair %u (%s%s): %s\n    %s\n", k + 1, repair_kind (r->kind),
                                  r->verdict == AUGUR_DIAG_VERIFIED ? ", recommended" : "",
                                  r->summary, r->verification != NULL ? r->verification : "");
          if (r->kind != AUGUR_DIAG_REPAIR_GIVEN)
            {
              g_auto (GStrv) lines = g_strsplit (r->patch, "\n", -1);
              for (guint l = 0; lines[l] != NULL; l++)
                if (lines[l][0] != '\0' || lines[l + 1] != NULL)
                  g_string_append_printf (s, "    | %s\n", lines[l]);
            }
        }
      if (f->note != NULL)
        g_string_append_printf (s, "  note: %s\n", f->note);
      g_string_append_printf (s, "  (%.2f s)\n", f->seconds);
    }
  if (findings->len == 0)
    g_string_append (s, "no failure (assertion, abort, crash, deadlock) to diagnose\n");
  return g_string_free (s, FALSE);
}

static void
json_event (JsonBuilder *b, const AugurDiagEvent *e)
{
  json_builder_begin_object (b);
  augur_json_add_int (b, "thread", e->tid);
  augur_json_add_string (b, "op", augur_diag_event_kind (e));
  augur_json_add_opt_string (b, "object", e->object);
  augur_json_add_opt_string (b, "file", e->file);
  augur_json_add_int (b, "line", e->line);
  augur_json_add_opt_string (b, "function", e->function);
  json_builder_end_object (b);
}

static void
json_pairs (JsonBuilder *b, const char *name, const AugurDiagTrace *t, const GArray *pairs)
{
  augur_json_begin_array_member (b, name);
  for (guint k = 0; pairs != NULL && k < pairs->len; k++)
    {
      const AugurDiagPair *p = &g_array_index (pairs, AugurDiagPair, k);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "before");
      json_event (b, augur_diag_trace_event (t, p->a));
      json_builder_set_member_name (b, "after");
      json_event (b, augur_diag_trace_event (t, p->b));
      g_autofree char *text = augur_diag_pair_describe (t, p, "before");
      augur_json_add_string (b, "text", text);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
json_finding (JsonBuilder *b, AugurDiagFinding *f)
{
  json_builder_begin_object (b);
  augur_json_add_int (b, "finding", f->finding);
  augur_json_add_string (b, "kind", f->kind);
  augur_json_add_opt_string (b, "site", f->site);
  if (f->exit_failure)
    augur_json_add_int (b, "exit_status", f->exit_status);
  augur_json_add_bool (b, "diagnosed", f->diagnosed);
  augur_json_add_opt_string (b, "note", f->note);
  augur_json_add_int (b, "executions", (gint64) f->executions);
  augur_json_add_bool (b, "complete", f->complete);
  augur_json_add_int (b, "failing_executions", (gint64) f->failing_runs);
  augur_json_add_int (b, "failing_explored", (gint64) f->failing_explored);
  augur_json_add_int (b, "failing_kept", f->failing_kept);
  augur_json_add_int (b, "passing_checked", f->passing_checked);
  augur_json_begin_array_member (b, "classes");
  for (guint k = 0; k < f->classes->len; k++)
    {
      AugurDiagClass *c = g_ptr_array_index (f->classes, k);
      json_builder_begin_object (b);
      augur_json_add_int (b, "executions", c->n_runs);
      augur_json_add_int (b, "level", c->core.level);
      augur_json_add_int (b, "schedule_orderings", c->core.n_soft);
      json_pairs (b, "core", c->trace, c->core.core);
      json_pairs (b, "kill_set", c->trace, c->kill);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  guint uo = 0, uc = 0;
  by_lines (f, &uo, &uc);
  augur_json_add_int (b, "distinct_cores_by_line", uc);
  augur_json_add_int (b, "distinct_orderings_by_line", uo);
  augur_json_add_int (b, "binate_covers", f->covers);
  augur_json_add_opt_string (b, "no_lock_repair", f->no_lock);
  augur_json_begin_array_member (b, "repairs");
  for (guint k = 0; k < f->repairs->len; k++)
    {
      AugurDiagRepair *r = g_ptr_array_index (f->repairs, k);
      json_builder_begin_object (b);
      augur_json_add_string (b, "kind", repair_kind (r->kind));
      augur_json_add_string (b, "summary", r->summary);
      augur_json_add_string (b, "file", r->rel);
      augur_json_add_string (b, "patch", r->patch);
      augur_json_add_string (b, "verdict", verdict_name (r->verdict));
      augur_json_add_opt_string (b, "verification", r->verification);
      augur_json_add_opt_string (b, "still_fails", r->still_fails);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

gboolean
augur_diag_write_json (JsonBuilder *b, const char *path, GError **error)
{
  gsize length = 0;
  g_autofree char *text = augur_json_builder_to_text (b, &length);
  return augur_output_file_write (path, text, length, error);
}

gboolean
augur_diag_save_json (GPtrArray *findings, const char *results_path, const char *path,
                      GError **error)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  json_builder_begin_object (b);
  augur_json_add_string (b, "schema", "augur-diagnosis/1");
  augur_json_add_string (b, "results", results_path);
  augur_json_begin_array_member (b, "findings");
  for (guint i = 0; i < findings->len; i++)
    json_finding (b, g_ptr_array_index (findings, i));
  json_builder_end_array (b);
  json_builder_end_object (b);
  return augur_diag_write_json (b, path, error);
}
