/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cmd-predict.c — `augur predict [-o RESULTS] TRACE`: predicts, from one
 * recorded trace, the orderings that would break atomicity, race or
 * deadlock (predictor/predict.h), prints one line per prediction and
 * writes them, with their schedules, to a results file.
 *
 * Exit status: 0 when the prediction ran (predictions are not confirmed
 * bugs, so finding some is not status 1), 2 for a bad command line, 3 for a
 * missing, truncated or corrupt trace, 5 when Z3 or writing the results
 * failed.
 */
#include "config.h"

#include <glib.h>
#include <stdio.h>

#include "common/results.h"
#include "common/sort-strings.h"
#include "common/symbolizer.h"
#include "common/trace.h"
#include "predictor/predict.h"
#include "static/static-facts.h"
#include "src/augur-cmd.h"

#define CMD "predict"

/* The --help text. */
static const char help_summary[] =
  "Predict, from one recorded trace, the orderings that break atomicity (McPatom's\n"
  "patterns), race or deadlock, each with a schedule that reaches it.";
static const char help_description[] =
  "Each line: kind, pattern, object, threads: the accesses (thread, op, file:line).\n"
  "Predictions are not confirmed bugs: the explorer confirms them.\n"
  "Exit status: 0 ran, 2 usage error, 3 missing, truncated or corrupt trace or facts,\n"
  "5 Z3 failed or the results file could not be written.";

/* One line per finding, sorted, then the count of predictions (and of
 * lock-order inversions, which are not predictions). */
static void
print_predictions (AugurResults *results, const AugurPredictStats *stats)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < augur_results_get_n_findings (results); i++)
    g_ptr_array_add (lines, augur_predict_finding_to_line (augur_results_get_finding (results, i)));
  augur_sort_strings (lines);
  for (guint i = 0; i < lines->len; i++)
    printf ("%s\n", (char *) g_ptr_array_index (lines, i));
  guint n_pred = 0;
  for (guint i = 0; i < augur_results_get_n_findings (results); i++)
    n_pred += augur_finding_get_prediction_pattern (augur_results_get_finding (results, i)) != NULL;
  guint n_inv = lines->len - n_pred;   /* lock-order inversions, not predictions */
  printf ("%u prediction%s (%u undecided", n_pred, n_pred == 1 ? "" : "s", stats->n_unknown);
  /* Z3 never asked: not "decided" either */
  if (stats->n_too_large > 0)
    printf (", %u check%s unanswered: windows too large to encode", stats->n_too_large,
            stats->n_too_large == 1 ? "" : "s");
  printf (")");
  if (n_inv > 0)
    printf (", %u lock-order inversion%s", n_inv, n_inv == 1 ? "" : "s");
  printf ("\n");
  g_ptr_array_unref (lines);
}

/* On standard error: the model's size and the queries' counts and times
 * (--stats), what the static facts saved. */
static void
print_stats (const AugurPredictStats *stats, gboolean stats_wanted, AugurStaticFacts *facts)
{
  if (stats_wanted)
    {
      g_printerr ("augur predict: %u events, %u threads, %u shared variables; model %.2f s; "
                  "%u queries, %u Z3 checks, %.2f s; median %.3f ms per query; "
                  "%u checks decided by the orders alone\n",
                  stats->n_events, stats->n_threads, stats->n_shared, stats->model_s, stats->n_queries,
                  stats->n_checks, stats->solve_s, stats->median_query_ms, stats->n_orders_only);
      g_printerr ("augur predict: windows too large to encode: %u races found by delaying one "
                  "thread, %u checks unanswered\n", stats->n_delayed, stats->n_too_large);
      g_printerr ("augur predict: %" G_GUINT64_FORMAT " candidates in %u source patterns, %.2f s; "
                  "not asked: %" G_GUINT64_FORMAT " deduplicated, %" G_GUINT64_FORMAT
                  " past the checks bound, %" G_GUINT64_FORMAT " left at the deadline; "
                  "%u queries ruled out by locks; findings %.2f s\n",
                  stats->n_candidates, stats->n_patterns, stats->candidates_s,
                  stats->n_deduplicated, stats->n_bounded, stats->n_unasked_left,
                  stats->n_lockset, stats->findings_s);
      g_printerr ("augur predict: %u locks, %u condition variables\n", stats->n_locks,
                  stats->n_conds);
    }
  if (facts != NULL && augur_static_facts_can_prune (facts))
    g_printerr ("augur predict: static facts: %u quer%s skipped, %u prediction%s ruled out\n",
                stats->n_skipped, stats->n_skipped == 1 ? "y" : "ies", stats->n_ruled_out,
                stats->n_ruled_out == 1 ? "" : "s");
}

int
augur_cmd_predict (int argc, char **argv)
{
  AugurPredictOptions opts;
  augur_predict_options_init (&opts);
  g_autofree char *output = NULL;
  g_autofree char *facts_path = NULL;
  g_auto (GStrv) rest = NULL;
  gboolean stats_wanted = FALSE, no_races = FALSE, no_deadlocks = FALSE, no_atomicity = FALSE, no_data_flow = FALSE;
  gint timeout_ms = (gint) opts.timeout_ms, jobs = 0, max_checks = (gint) opts.max_checks;
  double time_limit = 0;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      "write the results file here (default: TRACE with .results.json)", "RESULTS" },
    { "timeout-ms", 0, 0, G_OPTION_ARG_INT, &timeout_ms, "time limit of one query (10000)", "MS" },
    { "time-limit", 0, 0, G_OPTION_ARG_DOUBLE, &time_limit,
      "stop after S seconds: the model of a prefix, the queries not started left (default: none)", "S" },
    { "max-checks", 0, 0, G_OPTION_ARG_INT, &max_checks, "Z3 checks per source pattern: instances of one pattern asked before it is counted past the bound (32)", "N" },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &jobs, "worker threads (default: one per processor)", "N" },
    { "no-atomicity", 0, 0, G_OPTION_ARG_NONE, &no_atomicity, "do not predict atomicity violations", NULL },
    { "no-races", 0, 0, G_OPTION_ARG_NONE, &no_races, "do not predict data races", NULL },
    { "no-deadlocks", 0, 0, G_OPTION_ARG_NONE, &no_deadlocks, "do not predict deadlocks", NULL },
    { "no-data-flow", 0, 0, G_OPTION_ARG_NONE, &no_data_flow,
      "McPatom's model: ignore data flow (predicts orderings the program may not take)", NULL },
    { "static-facts", 0, 0, G_OPTION_ARG_FILENAME, &facts_path,
      "facts of `augur static`: no query on accesses that can never conflict, no prediction "
      "they rule out", "FACTS" },
    { "stats", 0, 0, G_OPTION_ARG_NONE, &stats_wanted,
      "print the model size, query counts and times on standard error", NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, "TRACE" },
    { NULL }
  };
  if (!augur_cmd_parse_options (CMD, entries, help_summary, help_description, FALSE, &argc,
                                &argv))
    return AUGUR_EXIT_USAGE;
  g_autoptr (GError) error = NULL;
  if (rest == NULL || g_strv_length (rest) != 1 || timeout_ms <= 0 || jobs < 0 || max_checks <= 0
      || time_limit < 0)
    return augur_cmd_usage_error (CMD, "expected exactly one TRACE file and positive limits; "
                                       "see 'augur predict --help'");
  opts.timeout_ms = (guint) timeout_ms;
  opts.max_checks = (guint) max_checks;
  opts.n_workers = (guint) jobs;
  opts.atomicity = !no_atomicity;
  opts.races = !no_races;
  opts.deadlocks = !no_deadlocks;
  opts.data_flow = !no_data_flow;

  g_autoptr (AugurStaticFacts) facts = NULL;
  if (facts_path != NULL)
    {
      facts = augur_static_facts_load (facts_path, &error);
      if (facts == NULL)
        return augur_cmd_error (CMD, AUGUR_EXIT_INPUT, error->message);
      if (!augur_static_facts_can_prune (facts))
        g_printerr ("augur predict: the static facts are incomplete: nothing is ruled out\n");
      opts.facts = facts;
    }

  g_autoptr (AugurTrace) trace = augur_trace_open (rest[0], &error);
  if (trace == NULL)
    return augur_cmd_error (CMD, AUGUR_EXIT_INPUT, error->message);
  g_autoptr (AugurSymbolizer) sym = augur_symbolizer_new_for_trace (trace);
  g_autofree char *why = NULL;
  if (!augur_symbolizer_check_build_id (sym, augur_trace_build_id (trace), &why))
    g_printerr ("augur predict: warning: %s\n", why);

  g_autoptr (GDateTime) started = g_date_time_new_now_local ();
  gint64 t0 = g_get_monotonic_time ();
  if (time_limit > 0)
    opts.deadline = t0 + (gint64) (time_limit * G_USEC_PER_SEC);
  g_autoptr (AugurResults) results = augur_results_new (augur_trace_program (trace), "predict");
  const char *argv0[] = { augur_trace_program (trace), NULL };
  augur_results_set_argv (results, argv0);
  augur_results_set_started (results, started);
  AugurPredictStats stats;
  if (!augur_predict (trace, sym, &opts, results, &stats, &error))
    return augur_cmd_error (CMD, AUGUR_EXIT_TOOL, error->message);
  augur_results_set_duration (results, (g_get_monotonic_time () - t0) / 1e6);

  print_predictions (results, &stats);

  print_stats (&stats, stats_wanted, facts);
  /* only a time limit cuts the model or lists too few candidates
   * (predict.h) */
  if (stats.model_cut)
    g_printerr ("augur predict: incomplete: at the time limit (%g s) the model covered only "
                "the run's first %u events\n", time_limit, stats.n_events);
  if (stats.n_unlisted > 0)
    g_printerr ("augur predict: incomplete: at the time limit (%g s), the candidates of %u "
                "quer%s (a variable, a pair of threads, a pattern) were not all listed\n",
                time_limit, stats.n_unlisted, stats.n_unlisted == 1 ? "y" : "ies");
  /* a check Z3 did not stop at its deadline is given up: its query is
   * left, with or without a time limit */
  guint by_time = stats.n_left - MIN (stats.n_left, stats.n_abandoned);
  if (by_time > 0)
    g_printerr ("augur predict: incomplete: at the time limit (%g s), %u source pattern%s "
                "left unasked\n", time_limit, by_time, by_time == 1 ? " was" : "s were");
  if (stats.n_abandoned > 0)
    g_printerr ("augur predict: incomplete: %u Z3 check%s did not stop at %s deadline (the "
                "query's --timeout-ms, or the time limit) and %s given up: %u source pattern%s "
                "left undecided\n", stats.n_abandoned, stats.n_abandoned == 1 ? "" : "s",
                stats.n_abandoned == 1 ? "its" : "their", stats.n_abandoned == 1 ? "was" : "were",
                stats.n_abandoned, stats.n_abandoned == 1 ? "" : "s");

  g_autofree char *path = output != NULL ? g_strdup (output)
                                         : g_strdup_printf ("%s.results.json", rest[0]);
  if (!augur_results_save (results, path, &error))
    return augur_cmd_error (CMD, AUGUR_EXIT_TOOL, error->message);
  return augur_cmd_flush_stdout (CMD, AUGUR_EXIT_OK);
}
