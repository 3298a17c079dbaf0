/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cmd-confirm.c — `augur confirm RESULTS [-o OUT] -- PROGRAM [ARG...]`:
 * confirms every prediction of a results file written by augur predict
 * (explorer/confirm.h): replays its violating interleaving, explores
 * around it, and classes it harmful, benign or not realisable.  Prints one
 * line per prediction, in the file's order, then the counts, and writes
 * OUT (default RESULTS with .confirmed.json): the harmful ones as bugs
 * (replayable with augur replay OUT#N) and the counts per class.
 *
 * Without PROGRAM, the program and arguments of the results file are used.
 *
 * Exit status: 1 some prediction is harmful, 0 none, 2 usage, 3 bad
 * results file or program not built with augur-cc, 4 the program behaved
 * nondeterministically, 5 augur failed or OUT could not be written.
 */
#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "common/results.h"
#include "explorer/confirm.h"
#include "explorer/explore.h"
#include "predictor/predict.h"
#include "src/augur-cmd.h"

#define CMD "confirm"

int augur_cmd_explore_exit_for_error (const GError *error);

static char *
default_output (const char *results)
{
  if (g_str_has_suffix (results, ".json"))
    return g_strdup_printf ("%.*s.confirmed.json", (int) (strlen (results) - 5), results);
  return g_strdup_printf ("%s.confirmed.json", results);
}

/* The --help text. */
static const char help_summary[] =
  "Confirm the predictions of augur predict: replay each violating interleaving,\n"
  "explore around it, and class it harmful, benign or not realisable.";
static const char help_description[] =
  "Harmful: an assertion failure, abort, crash, deadlock or nonzero exit status\n"
  "followed the violation.  Each line: class, the prediction, what happened.\n"
  "Findings that are not predictions (lock-order inversions) are kept as they are.\n"
  "Exit status: 1 some prediction is harmful (or a finding is as severe as\n"
  "--fail-on), 0 none, 2 usage error, 3 bad results file or program,\n"
  "4 nondeterministic program, 5 augur failed.";

/* The confirmed results of @pargv, empty, with what was run and when. */
static AugurResults *
new_results (const char *const *pargv)
{
  g_autofree char *exe = g_find_program_in_path (pargv[0]);
  g_autoptr (AugurResults) out = augur_results_new (exe != NULL ? exe : pargv[0], "confirm");
  augur_results_set_argv (out, pargv);
  g_autofree char *cwd = g_get_current_dir ();
  augur_results_set_source_dir (out, cwd);
  g_autoptr (GDateTime) started = g_date_time_new_now_local ();
  augur_results_set_started (out, started);
  return g_steal_pointer (&out);
}

/* Each prediction of @in confirmed, one line each then the counts, into
 * @out and @n_class; the other findings kept as they are.  FALSE with the
 * exit *status when the program cannot be explored at all. */
static gboolean
confirm_all (AugurResults *in, const char *const *pargv, const AugurConfirmOptions *o,
             AugurResults *out, guint *n_class, int *status)
{
  g_autoptr (GError) error = NULL;
  guint n = 0;
  guint64 executions = 0;
  for (guint i = 0; i < augur_results_get_n_findings (in); i++)
    {
      AugurFinding *p = augur_results_get_finding (in, i);
      if (augur_finding_get_prediction_pattern (p) == NULL
          || augur_finding_get_prediction_class (p, NULL))
        {
          /* already a finding (a lock-order inversion, a prediction
           * confirmed before, as augur check reports them), not a
           * prediction to confirm: kept */
          augur_results_add_finding (out, p);
          continue;
        }
      n++;
      g_autofree char *line = augur_predict_finding_to_line (p);
      AugurConfirmOutcome oc;
      if (!augur_confirm_prediction (pargv, p, o, &oc, &error))
        {
          if (error->domain == AUGUR_EXPLORE_ERROR)
            {
              augur_cmd_print_error (CMD, error->message);
              *status = augur_cmd_explore_exit_for_error (error);
              return FALSE;
            }
          printf ("not-tried %s -- %s\n", line, error->message);
          g_clear_error (&error);
          augur_results_add_predictions (out, augur_finding_get_kind (p), AUGUR_PREDICTION_NOT_TRIED, 1);
          n_class[AUGUR_PREDICTION_NOT_TRIED]++;
          continue;
        }
      printf ("%s %s -- %s\n", augur_prediction_class_to_string (oc.cls), line, oc.explanation);
      n_class[oc.cls]++;
      executions += oc.executions;
      augur_results_add_predictions (out, augur_finding_get_kind (p), oc.cls, 1);
      if (oc.finding != NULL)
        augur_results_add_finding (out, oc.finding);
      augur_confirm_outcome_clear (&oc);
    }
  printf ("%u prediction%s: %u harmful, %u benign, %u not realisable, %u not tried\n", n,
          n == 1 ? "" : "s", n_class[AUGUR_PREDICTION_HARMFUL], n_class[AUGUR_PREDICTION_BENIGN],
          n_class[AUGUR_PREDICTION_NOT_REALISABLE], n_class[AUGUR_PREDICTION_NOT_TRIED]);
  augur_results_set_executions (out, executions);
  return TRUE;
}

int
augur_cmd_confirm (int argc, char **argv)
{
  g_autofree char *output = NULL;
  g_auto (GStrv) rest = NULL;
  double timeout = 0, exec_timeout = 0;
  gint around = 0, max_steps = 0;
  g_autofree char *fail_on = NULL;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      "write the confirmed bugs here (default: RESULTS with .confirmed.json)", "OUT" },
    { "around", 0, 0, G_OPTION_ARG_INT, &around,
      "executions explored after each violation (default 50)", "N" },
    { "timeout", 't', 0, G_OPTION_ARG_DOUBLE, &timeout,
      "time limit of one prediction's confirmation in seconds (default 60)", "S" },
    { "exec-timeout", 0, 0, G_OPTION_ARG_DOUBLE, &exec_timeout,
      "watchdog of one execution in seconds (default 10)", "S" },
    { "max-steps", 0, 0, G_OPTION_ARG_INT, &max_steps, "step bound of one execution (default 200000)", "N" },
    { "fail-on", 0, 0, G_OPTION_ARG_STRING, &fail_on,
      "also exit with 1 for findings of this severity or worse: error (default), warning, note",
      "SEVERITY" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL,
      "RESULTS [-- PROGRAM [ARG...]]" },
    { NULL }
  };
  if (!augur_cmd_parse_options (CMD, entries, help_summary, help_description, FALSE, &argc,
                                &argv))
    return AUGUR_EXIT_USAGE;
  g_autoptr (GError) error = NULL;
  if (rest == NULL || rest[0] == NULL || around < 0 || max_steps < 0 || timeout < 0 || exec_timeout < 0)
    return augur_cmd_usage_error (CMD, "expected RESULTS [-- PROGRAM [ARG...]] and "
                                       "non-negative limits; see 'augur confirm --help'");
  if ((guint) max_steps > AUGUR_SCHED_MAX_STEPS)
    {
      g_autofree char *msg = g_strdup_printf ("--max-steps is at most %u (the scheduler's page "
                                              "holds that many steps of one execution)",
                                              AUGUR_SCHED_MAX_STEPS);
      return augur_cmd_usage_error (CMD, msg);
    }
  AugurSeverity threshold;
  if (!augur_cmd_parse_fail_on (CMD, fail_on, &threshold))
    return AUGUR_EXIT_USAGE;
  g_autoptr (AugurResults) in = augur_results_load (rest[0], &error);
  if (in == NULL)
    return augur_cmd_error (CMD, AUGUR_EXIT_INPUT, error->message);
  const char *const *pargv = rest[1] != NULL ? (const char *const *) rest + 1 : augur_results_get_argv (in);
  if (pargv[0] == NULL)
    return augur_cmd_usage_error (CMD, "no program given and the results file names none");

  AugurConfirmOptions o;
  augur_confirm_options_init (&o);
  o.around = (guint) around;
  o.timeout = timeout;
  o.exec_timeout = exec_timeout;
  o.max_steps = (guint) max_steps;

  g_autoptr (AugurResults) out = new_results (pargv);
  gint64 t0 = g_get_monotonic_time ();

  guint n_class[AUGUR_PREDICTION_N_CLASSES] = { 0 };
  int status;
  if (!confirm_all (in, pargv, &o, out, n_class, &status))
    return status;
  augur_results_set_duration (out, (g_get_monotonic_time () - t0) / 1e6);

  g_autofree char *path = output != NULL ? g_strdup (output) : default_output (rest[0]);
  augur_results_set_replay_commands (out, path);
  if (!augur_results_save (out, path, &error))
    return augur_cmd_error (CMD, AUGUR_EXIT_TOOL, error->message);
  gboolean bug = n_class[AUGUR_PREDICTION_HARMFUL] > 0
                 || augur_results_count_failing (out, threshold) > 0;
  return augur_cmd_flush_stdout (CMD, bug ? AUGUR_EXIT_BUG : AUGUR_EXIT_OK);
}
