/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * results-text.c — the plain-text form of the results model (see
 * results.h): augur_finding_to_string() and augur_results_to_string(), one
 * line per fact, in the model's deterministic order.  Tests compare these
 * texts, so they show every member and nothing that varies between runs
 * but the date and duration the results hold.
 */
#include "config.h"

#include "common/results.h"
#include "common/results-private.h"

static void
append_loc (GString *s, const char *file, guint line)
{
  g_string_append (s, file != NULL ? file : "?");
  if (line != 0)
    g_string_append_printf (s, ":%u", line);
}

static void finding_append (GString *s, AugurFinding *finding, const char *indent);

char *
augur_finding_to_string (AugurFinding *finding)
{
  g_return_val_if_fail (finding != NULL, NULL);
  GString *s = g_string_new (NULL);
  finding_append (s, finding, "");
  return g_string_free (s, FALSE);
}

static void
finding_append (GString *s, AugurFinding *finding, const char *indent)
{
  g_autofree char *full = augur_finding_dup_full_kind (finding);
  g_string_append_printf (s, "%s %s", augur_severity_to_string (finding->severity), full);
  g_autofree char *object = augur_finding_dup_object_phrase (finding);
  if (object != NULL)
    g_string_append_printf (s, " on %s", object);
  if (finding->object_id != NULL)
    g_string_append_printf (s, " (%s)", finding->object_id);
  g_string_append (s, " threads");
  for (guint i = 0; i < finding->threads->len; i++)
    g_string_append_printf (s, " T%u", g_array_index (finding->threads, guint, i));
  g_string_append_printf (s, ": %s\n", finding->explanation);

  for (guint i = 0; i < finding->accesses->len; i++)
    {
      const AugurAccess *a = &g_array_index (finding->accesses, AugurAccess, i);
      g_string_append_printf (s, "%s  access T%u#%" G_GUINT64_FORMAT " %s ", indent, a->thread,
                              a->event, augur_ops_op (a->op)->name);
      append_loc (s, a->file, a->line);
      g_string_append_printf (s, " in %s locks {", a->function ? a->function : "?");
      for (guint j = 0; a->locks_held[j] != NULL; j++)
        g_string_append_printf (s, "%s%s", j ? " " : "", a->locks_held[j]);
      g_string_append (s, "}\n");
      for (guint j = 0; j < a->n_callers; j++)
        {
          g_string_append_printf (s, "%s    called from ", indent);
          append_loc (s, a->callers[j].file, a->callers[j].line);
          g_string_append_printf (s, " in %s\n",
                                  a->callers[j].function ? a->callers[j].function : "?");
        }
    }
  for (guint i = 0; i < finding->steps->len; i++)
    {
      const AugurStep *st = &g_array_index (finding->steps, AugurStep, i);
      g_string_append_printf (s, "%s  %c%u T%u#%" G_GUINT64_FORMAT " %s", indent,
                              augur_finding_is_bug_step (finding, i) ? '*' : ' ', i, st->thread,
                              st->event, augur_ops_op (st->op)->name);
      if (st->object != NULL)
        g_string_append_printf (s, " %s", st->object);
      if (st->peer >= 0)
        g_string_append_printf (s, " T%d", st->peer);
      g_string_append_c (s, ' ');
      append_loc (s, st->file, st->line);
      if (st->function != NULL)
        g_string_append_printf (s, " in %s", st->function);
      g_string_append_c (s, '\n');
    }
  if (finding->replay != NULL)
    g_string_append_printf (s, "%s  replay: %s\n", indent, finding->replay);
  if (finding->pattern != NULL)
    {
      g_string_append_printf (s, "%s  prediction: %s, %s", indent, finding->pattern,
                              finding->answer);
      if (finding->cls >= 0)
        g_string_append_printf (s, ", %s", augur_prediction_class_to_string (finding->cls));
      g_string_append_c (s, '\n');
    }
  g_autofree char *deeper = g_strconcat (indent, "    ", NULL);
  for (guint i = 0; i < finding->parts->len; i++)
    {
      g_string_append_printf (s, "%s  part %u ", indent, i + 1);
      finding_append (s, g_ptr_array_index (finding->parts, i), deeper);
    }
}

char *
augur_results_to_string (AugurResults *results)
{
  g_return_val_if_fail (results != NULL, NULL);
  augur_results_sort_findings_ (results);

  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "%s %s\n", AUGUR_RESULTS_SCHEMA, results->command);
  g_string_append_printf (s, "program %s\n", results->program);
  g_string_append (s, "argv");
  for (guint i = 0; i + 1 < results->argv->len; i++)
    g_string_append_printf (s, " %s", (char *) g_ptr_array_index (results->argv, i));
  g_string_append_c (s, '\n');
  if (results->mode != NULL)
    g_string_append_printf (s, "mode %s\n", results->mode);
  if (results->source_dir != NULL)
    g_string_append_printf (s, "source-dir %s\n", results->source_dir);
  if (results->started != NULL)
    {
      g_autofree char *iso = g_date_time_format_iso8601 (results->started);
      g_string_append_printf (s, "started %s\n", iso);
    }
  g_string_append_printf (s, "duration %" G_GUINT64_FORMAT " ms\n",
                          (guint64) (results->duration * 1000.0 + 0.5));
  g_string_append_printf (s, "executions %" G_GUINT64_FORMAT "\n", results->executions);
  for (guint i = 0; i + 1 < results->bounds_hit->len; i++)
    g_string_append_printf (s, "bound-hit %s\n", (char *) g_ptr_array_index (results->bounds_hit, i));
  g_autoptr(GArray) counts = augur_results_dup_prediction_counts (results);
  for (guint i = 0; i < counts->len; i++)
    {
      const AugurPredictionCount *pc = &g_array_index (counts, AugurPredictionCount, i);
      g_string_append_printf (s, "predictions %s %s %" G_GUINT64_FORMAT "\n", augur_finding_kind_to_string (pc->kind),
                              augur_prediction_class_to_string (pc->cls), pc->count);
    }
  for (guint i = 0; i < results->candidates->len; i++)
    {
      const AugurStaticCandidate *c = &g_array_index (results->candidates, AugurStaticCandidate, i);
      g_string_append_printf (s, "static-candidate %s %s:%u %s:%u\n", c->object ? c->object : "?",
                              c->file_a, c->line_a, c->file_b, c->line_b);
    }
  for (guint i = 0; i < results->findings->len; i++)
    {
      g_autofree char *f = augur_finding_to_string (g_ptr_array_index (results->findings, i));
      g_string_append_printf (s, "finding %u %s", i + 1, f);
    }
  return g_string_free (s, FALSE);
}
