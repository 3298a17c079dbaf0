/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * check-pipeline.c — `augur check` (see check-pipeline.h).
 */
#include "config.h"

#include "check/check-pipeline.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "check/check-merge.h"
#include "check/check-stages.h"
#include "common/augur-exit.h"
#include "common/dwarf-names.h"
#include "common/record-run.h"
#include "common/results.h"
#include "common/trace.h"
#include "reports/html.h"

static void
say (const AugurCheckOptions *o, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static void
say (const AugurCheckOptions *o, const char *fmt, ...)
{
  if (o->quiet)
    return;
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_printerr ("augur check: %s\n", msg);
}

/* Two lines per finding: what, and where (the full schedule is in the
 * report and the results file), and one per part of a bug:
 *   1 error data-race on variable counter (T1 T2): Threads 1 and 2 access ...
 *       prog.c:19 write in incrementer (T1), prog.c:19 read in incrementer (T2) */
static void
print_finding (guint number, AugurFinding *f)
{
  g_autofree char *kind = augur_finding_dup_full_kind (f);
  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "%u %s %s", number,
                          augur_severity_to_string (augur_finding_get_severity (f)), kind);
  if (augur_finding_get_object (f) != NULL)
    g_string_append_printf (s, " on %s %s",
                            augur_finding_get_object_kind (f) ? augur_finding_get_object_kind (f)
                                                              : "object",
                            augur_finding_get_object (f));
  guint nt = 0;
  const guint *threads = augur_finding_get_threads (f, &nt);
  g_string_append (s, " (");
  for (guint i = 0; i < nt; i++)
    g_string_append_printf (s, "%sT%u", i ? " " : "", threads[i]);
  g_string_append_printf (s, "): %s\n", augur_finding_get_explanation (f));
  guint na = augur_finding_get_n_accesses (f);
  for (guint i = 0; i < na; i++)
    {
      const AugurAccess *a = augur_finding_get_access (f, i);
      g_autofree char *base = a->file ? g_path_get_basename (a->file) : g_strdup ("?");
      g_string_append_printf (s, "%s%s:%u %s in %s (T%u)", i ? ", " : "    ", base, a->line,
                              augur_op_to_string (a->op), a->function ? a->function : "?",
                              a->thread);
    }
  if (na > 0)
    g_string_append_c (s, '\n');
  for (guint i = 0; i < augur_finding_get_n_parts (f); i++)
    {
      AugurFinding *p = augur_finding_get_part (f, i);
      g_autofree char *pkind = augur_finding_dup_full_kind (p);
      g_string_append_printf (s, "    part %u %s", i + 1, pkind);
      if (augur_finding_get_object (p) != NULL)
        g_string_append_printf (s, " on %s", augur_finding_get_object (p));
      g_string_append_printf (s, ": %s\n", augur_finding_get_explanation (p));
    }
  fputs (s->str, stdout);
  g_string_free (s, TRUE);
}

static gboolean
save (AugurCheckState *st, GError **error)
{
  augur_results_set_duration (st->results, g_timer_elapsed (st->timer, NULL));
  return augur_results_save (st->results, st->results_path, error);
}

double
augur_check_time_left (AugurCheckState *st)
{
  return st->options->budget_seconds - g_timer_elapsed (st->timer, NULL);
}

int
augur_check_run (const AugurCheckOptions *o)
{
  g_autoptr (GError) error = NULL;
  if (g_mkdir_with_parents (o->out_dir, 0755) != 0)
    {
      g_printerr ("augur check: cannot create %s: %s\n", o->out_dir, g_strerror (errno));
      return AUGUR_EXIT_TOOL;
    }

  AugurCheckState st = { 0 };
  st.options = o;
  st.timer = g_timer_new ();
  st.trace_path = g_build_filename (o->out_dir, "run.trace", NULL);
  st.results_path = g_build_filename (o->out_dir, "results.json", NULL);
  st.results = augur_results_new (o->argv[0], "check");
  augur_results_set_argv (st.results, o->argv);
  augur_results_set_mode (st.results, "check");
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  augur_results_set_started (st.results, now);
  if (o->source_dir != NULL)
    {
      g_autofree char *abs = g_canonicalize_filename (o->source_dir, NULL);
      augur_results_set_source_dir (st.results, abs);
    }

  int status = AUGUR_EXIT_OK;
  g_autofree char *index = NULL;   /* before any goto out */
  g_autofree char *severities = NULL;

  /* 1. record: a run that hangs (a deadlock the OS scheduler happened to
   * take) is cut after a quarter of the budget at most, so that the
   * explorer still has the rest to find and show the bug */
  AugurRecordOutcome outcome;
  int record_timeout = MIN (o->run_timeout_seconds, MAX (1, o->budget_seconds / 4));
  if (!augur_record_run ((char **) o->argv, st.trace_path, (guint) record_timeout, 0, &outcome,
                         &error))
    {
      g_printerr ("augur check: %s\n", error->message);
      status = g_error_matches (error, AUGUR_RECORD_ERROR, AUGUR_RECORD_ERROR_NO_TRACE)
                 ? AUGUR_EXIT_PROGRAM : AUGUR_EXIT_INPUT;
      goto out;
    }
  st.trace = augur_trace_open (st.trace_path, &error);
  if (st.trace == NULL)
    {
      g_printerr ("augur check: %s\n", error->message);
      status = AUGUR_EXIT_PROGRAM;
      goto out;
    }
  {
    g_autofree char *summary = augur_trace_summary (st.trace);
    say (o, "recorded one run: %s", summary);
  }
  if (!save (&st, &error))
    {
      g_printerr ("augur check: %s\n", error->message);
      status = AUGUR_EXIT_TOOL;
      goto out;
    }

  /* 2..n: the analysis stages, in order, each within the budget left */
  for (const AugurCheckStage *stage = augur_check_stages; stage->name != NULL; stage++)
    {
      if (augur_check_time_left (&st) <= 0)
        {
          augur_results_add_bound_hit (st.results, "budget");
          say (o, "budget spent before %s", stage->name);
          break;
        }
      if (!stage->run (&st, &error))
        {
          /* a failing stage keeps what the others found */
          g_printerr ("augur check: %s: %s\n", stage->name, error->message);
          g_clear_error (&error);
          status = AUGUR_EXIT_TOOL;
        }
      GError *save_error = NULL;
      if (!save (&st, &save_error))
        {
          g_printerr ("augur check: %s\n", save_error->message);
          g_error_free (save_error);
          status = AUGUR_EXIT_TOOL;
        }
    }

  augur_check_add_static_only (&st);
  /* names for people (q->pushed, not T0.alloc1+168), from the debug info,
   * the recorded run's allocation sites and the findings' accesses */
  {
    g_autoptr (AugurDwarfNames) names = augur_dwarf_names_new (
      o->argv[0], augur_results_get_source_dir (st.results));
    augur_dwarf_names_note_trace (names, st.trace);
    augur_dwarf_names_apply (names, st.results);
  }
  /* one bug, one finding; each with the command that replays it */
  augur_check_group_findings (st.results, st.benign);
  augur_results_set_replay_commands (st.results, st.results_path);
  {
    GError *save_error = NULL;
    if (!save (&st, &save_error))
      {
        g_printerr ("augur check: %s\n", save_error->message);
        g_error_free (save_error);
        status = AUGUR_EXIT_TOOL;
      }
  }

  /* the report */
  {
    g_autofree char *src = o->source_dir != NULL ? g_canonicalize_filename (o->source_dir, NULL)
                                                 : g_get_current_dir ();
    if (!augur_report_html_write (st.results, src, o->out_dir, &error))
      {
        g_printerr ("augur check: cannot write the report: %s\n", error->message);
        g_clear_error (&error);
        status = AUGUR_EXIT_TOOL;
      }
  }

  guint n = augur_results_get_n_findings (st.results);
  for (guint i = 0; i < n; i++)
    print_finding (i + 1, augur_results_get_finding (st.results, i));
  index = g_build_filename (o->out_dir, "index.html", NULL);
  severities = augur_results_dup_severity_summary (st.results);
  printf ("augur check: %s, %" G_GUINT64_FORMAT " executions, %.1f s; report: %s\n",
          severities, augur_results_get_executions (st.results),
          g_timer_elapsed (st.timer, NULL), index);
  guint failing = augur_results_count_failing (st.results, o->fail_on);
  if (failing == 0 && !st.explore_complete)
    printf ("augur check: %s; no bug was found in what was explored, which is not a proof "
            "that there is none\n",
            st.explore_guarantee != NULL ? st.explore_guarantee
                                         : "incomplete: the exploration did not run");
  fflush (stdout);
  /* a confirmed bug outranks a stage that failed later; by default only
   * errors are bugs (--fail-on); a search that did not finish is not
   * clean */
  if (failing > 0)
    status = AUGUR_EXIT_BUG;
  else if (status == AUGUR_EXIT_OK && !st.explore_complete)
    status = AUGUR_EXIT_INCOMPLETE;

out:
  augur_check_state_clear (&st);
  return status;
}

void
augur_check_state_clear (AugurCheckState *st)
{
  g_clear_pointer (&st->trace, augur_trace_free);
  g_clear_pointer (&st->results, augur_results_unref);
  g_clear_pointer (&st->predictions, augur_results_unref);
  g_clear_pointer (&st->benign, augur_results_unref);
  g_clear_pointer (&st->facts, augur_static_facts_unref);
  g_clear_pointer (&st->observed, g_hash_table_unref);
  g_clear_pointer (&st->timer, g_timer_destroy);
  g_clear_pointer (&st->trace_path, g_free);
  g_clear_pointer (&st->results_path, g_free);
  g_clear_pointer (&st->explore_guarantee, g_free);
}
