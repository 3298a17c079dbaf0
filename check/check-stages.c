/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * check-stages.c — the analysis stages of `augur check`, after the
 * recording (check-pipeline.c):
 *
 *   predict  the predictor on the recorded trace; the predictions are kept
 *            in DIR/predictions.json, they are not bugs yet;
 *   confirm  each prediction re-executed along its schedule, then explored
 *            around; harmful ones become findings, every one is counted
 *            per class (harmful, benign, not realisable);
 *   explore  DPOR on the whole program in the time left; what it finds is
 *            merged, one finding per bug (check-merge.h).
 */
#include "config.h"

#include "check/check-stages.h"

#include <unistd.h>

#include "check/check-merge.h"
#include "explorer/explore.h"
#include "predictor/predict.h"

static void
say (AugurCheckState *st, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static void
say (AugurCheckState *st, const char *fmt, ...)
{
  if (st->options->quiet)
    return;
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_printerr ("augur check: %s\n", msg);
}

static gboolean
stage_predict (AugurCheckState *st, GError **error)
{
  AugurPredictOptions po;
  augur_predict_options_init (&po);
  /* no single query may take more than a quarter of what is left */
  double left_ms = augur_check_time_left (st) * 1000.0 / 4;
  if (left_ms < po.timeout_ms)
    po.timeout_ms = (guint) MAX (left_ms, 100.0);
  st->predictions = augur_results_new (st->options->argv[0], "predict");
  augur_results_set_argv (st->predictions, st->options->argv);
  AugurPredictStats ps = { 0 };
  if (!augur_predict (st->trace, NULL, &po, st->predictions, &ps, error))
    return FALSE;
  guint n = augur_results_get_n_findings (st->predictions);
  say (st, "predicted %u reordering%s that may break the program (%u queries, %.1f s)", n,
       n == 1 ? "" : "s", ps.n_queries, ps.model_s + ps.solve_s);
  g_autofree char *path = g_build_filename (st->options->out_dir, "predictions.json", NULL);
  return augur_results_save (st->predictions, path, error);
}

static gboolean
stage_explore (AugurCheckState *st, GError **error)
{
  AugurExploreOptions eo;
  augur_explore_options_init (&eo);
  eo.timeout = augur_check_time_left (st);
  eo.exec_timeout = st->options->run_timeout_seconds;
  eo.progress = !st->options->quiet && isatty (2);
  g_autofree char *path = g_build_filename (st->options->out_dir, "explore.json", NULL);
  eo.results_path = path;
  AugurExploreStats es = { 0 };
  g_autoptr (GError) local = NULL;
  g_autoptr (AugurResults) found = augur_explore (st->options->argv, &eo, &es, &local);
  if (found == NULL)
    {
      /* the explorer rewrites its file at every finding: keep what it had */
      g_autoptr (AugurResults) partial = augur_results_load (path, NULL);
      if (partial != NULL)
        augur_check_merge_findings (st->results, partial);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  guint added = augur_check_merge_findings (st->results, found);
  augur_results_set_executions (st->results,
                                augur_results_get_executions (st->results) + es.executions);
  const char *const *bounds = augur_results_get_bounds_hit (found);
  for (guint i = 0; bounds[i] != NULL; i++)
    augur_results_add_bound_hit (st->results, bounds[i]);
  say (st, "explored %" G_GUINT64_FORMAT " interleavings in %.1f s (%s): %u more bug%s",
       es.executions, es.seconds,
       es.complete ? "all of them" : es.timed_out ? "budget spent" : "bounded", added,
       added == 1 ? "" : "s");
  return TRUE;
}

const AugurCheckStage augur_check_stages[] = {
  { "predict", stage_predict },
  { "explore", stage_explore },
  { NULL, NULL },
};
