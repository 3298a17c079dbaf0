/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * check-stages.c — the analysis stages of `augur check`, after the
 * recording (check-pipeline.c):
 *
 *   static   Frama-C on the program's sources with their compile flags
 *            (recorded by augur-cc, or --cflags / -p): which access pairs
 *            can conflict at all; DIR/static-facts.json;
 *   predict  the predictor on the recorded trace; predictions whose
 *            accesses the static facts prove cannot conflict are dropped;
 *            the rest are kept in DIR/predictions.json, not bugs yet;
 *   confirm  each prediction re-executed along its schedule, then explored
 *            around; harmful ones become findings, every one is counted
 *            per class (harmful, benign, not realisable);
 *   explore  the explorer's strategies on the whole program in the time
 *            left (check-strategy.h); what they find is merged, one
 *            finding per bug (check-merge.h).
 *
 * Each stage ends by a deadline inside the budget: static at most a third
 * of the time left (Frama-C is killed there); predict at most a third of
 * the time left and a quarter of the budget, model included (the queries
 * not asked by then are counted, not guessed); confirm at most half of the
 * time left, each prediction at most half of that (its probe and its
 * exploration may each take all they are given); explore the rest but the
 * end's reserve.
 */
#include "config.h"

#include "check/check-stages.h"

#include <string.h>

#include "check/check-merge.h"
#include "check/check-sources.h"
#include "check/check-strategy.h"
#include "common/augur-ops.h"
#include "common/interrupt.h"
#include "common/symbolizer.h"
#include "explorer/confirm.h"
#include "explorer/event-map.h"
#include "explorer/explore.h"
#include "predictor/predict.h"
#include "static/static-driver.h"
#include "static/static-error.h"
#include "common/source-label.h"

void
augur_check_say (AugurCheckState *st, const char *fmt, ...)
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
stage_static (AugurCheckState *st, GError **error)
{
  g_autoptr (GError) local = NULL;
  guint n_recorded = 0;
  g_autoptr (GPtrArray) units =
    augur_check_program_units (st->options->argv[0], st->trace, &n_recorded, &local);
  if ((units == NULL || units->len == 0) && st->options->compile_db == NULL)
    {
      augur_check_say (st, "static analysis skipped: %s",
                       local != NULL ? local->message
                       : "no C sources in the program's debug info (build with augur-cc, "
                       "or -g)");
      return TRUE;
    }
  /* Frama-C gets at most a third of the budget, and is not worth starting
   * with less than 5 s */
  double share = augur_check_stage_time_left (st) / 3;
  if (share < 5)
    {
      augur_check_say (st, "static analysis skipped: the budget is too small for it");
      return TRUE;
    }
  /* facts without one of the files prune nothing: Frama-C stops at the
   * first it cannot parse; its log goes into the report */
  g_autofree char *log_path = g_build_filename (st->options->out_dir, "static-frama-c.log", NULL);
  AugurStaticRunOptions so = {
    .units = units != NULL && units->len > 0 ? units : NULL,
    .cflags = st->options->static_cflags,
    .compile_db = st->options->compile_db,
    .timeout = (guint) share,
    .log_path = log_path,
    .complete_only = TRUE,
  };
  g_clear_error (&local);
  st->facts = augur_static_run (&so, &local);
  if (st->facts == NULL)
    {
      /* not fatal: every access stays a candidate */
      augur_check_say (st, "static analysis gave no facts, so augur explores without static "
                       "pruning: %s", local->message);
      return TRUE;
    }
  guint n_files = units != NULL ? units->len : 0;
  g_autofree char *flags =
    st->options->compile_db != NULL ? g_strdup_printf ("flags from %s", st->options->compile_db)
    : n_recorded == n_files ? g_strdup ("flags recorded by augur-cc")
    : n_recorded > 0 ? g_strdup_printf ("flags recorded by augur-cc for %u", n_recorded)
                     : g_strdup ("no recorded flags");
  guint n_sites = 0, no_pair = 0, no_conflict = 0;
  augur_static_facts_count_sites (st->facts, &n_sites, &no_conflict, &no_pair);
  g_auto (GStrv) left_out = augur_static_facts_dup_unanalysed (st->facts);
  g_autofree char *why_none = NULL;
  if (augur_static_facts_can_prune (st->facts))
    why_none = g_strdup ("");
  else if (left_out[0] != NULL)
    why_none = g_strdup ("; incomplete (a source was not analysed), nothing is pruned");
  else
    {
      /* say why: the first warning that made the facts incomplete */
      const GPtrArray *ws = augur_static_facts_get_warnings (st->facts);
      const AugurStaticWarning *first = NULL;
      guint n_why = 0;
      for (guint i = 0; i < ws->len; i++)
        {
          const AugurStaticWarning *w = ws->pdata[i];
          if (w->message != NULL && g_str_has_suffix (w->message, "nothing is pruned")
              && n_why++ == 0)
            first = w;
        }
      if (first == NULL)
        why_none = g_strdup ("; incomplete, nothing is pruned");
      else
        {
          g_autofree char *base = first->file != NULL ? augur_source_label (first->file) : NULL;
          g_autofree char *more = n_why > 1 ? g_strdup_printf ("; %u more in static-facts.json",
                                                               n_why - 1)
                                            : g_strdup ("");
          why_none = g_strdup_printf ("; incomplete: %s (%s:%u%s)", first->message,
                                      base != NULL ? base : "?", first->line, more);
        }
    }
  /* facts of an earlier run on the same sources: Frama-C did not run */
  const char *cached = augur_static_facts_get_cached_in (st->facts);
  double secs = augur_static_facts_get_frama_c_seconds (st->facts);
  g_autofree char *frama_c =
    cached != NULL ? g_strdup_printf ("cached facts of an earlier run of %.1f s of Frama-C on the "
                                      "same sources", secs)
                   : g_strdup_printf ("%.1f s of Frama-C", secs);
  if (n_files > 0)
    augur_check_say (st, "static analysis of %u source file%s: %u access sites, %u in no candidate "
                     "pair (%s, %s)%s", n_files, n_files == 1 ? "" : "s", n_sites, no_pair,
                     frama_c, flags, why_none);
  else
    augur_check_say (st, "static analysis: %u access sites, %u in no candidate pair (%s, %s)%s",
                     n_sites, no_pair, frama_c, flags, why_none);
  if (cached != NULL)
    augur_check_say (st, "static analysis: Frama-C not run, its facts are cached in %s", cached);
  const GPtrArray *warnings = augur_static_facts_get_warnings (st->facts);
  for (guint i = 0; i < warnings->len; i++)
    {
      const AugurStaticWarning *w = warnings->pdata[i];
      if (strcmp (w->kind, AUGUR_STATIC_WARNING_NOT_ANALYSED) == 0)
        augur_check_say (st, "static analysis: %s %s", w->file, w->message);
      else if (strcmp (w->kind, "system-headers") == 0)
        augur_check_say (st, "static analysis: %s", w->message);
    }
  g_autofree char *path = g_build_filename (st->options->out_dir, "static-facts.json", NULL);
  return augur_static_facts_save (st->facts, path, error);
}

/* "data-race on variable total, long_prefix.c:21, long_prefix.c:22":
 * enough to find a prediction that has no verdict. */
static char *
prediction_phrase (AugurFinding *p)
{
  g_autofree char *kind = augur_finding_dup_full_kind (p);
  g_autofree char *obj = augur_finding_dup_object_phrase (p);
  GString *s = g_string_new (kind);
  if (obj != NULL)
    g_string_append_printf (s, " on %s", obj);
  for (guint i = 0; i < augur_finding_get_n_accesses (p); i++)
    {
      const AugurAccess *a = augur_finding_get_access (p, i);
      if (a->file != NULL)
        g_string_append_printf (s, ", %s:%u", a->file, a->line);
    }
  return g_string_free (s, FALSE);
}

static gboolean
stage_predict (AugurCheckState *st, GError **error)
{
  AugurPredictOptions po;
  augur_predict_options_init (&po);
  /* its share, the model included: a third of what is left, at most a
   * quarter of the budget; no single query more than a quarter of that */
  double share = MIN (augur_check_stage_time_left (st) / 3, st->options->budget_seconds / 4.0);
  if (share < 0.1)
    {
      augur_results_add_bound_hit (st->results, "budget");
      augur_check_say (st, "prediction skipped: no time left for it");
      return TRUE;
    }
  po.deadline = g_get_monotonic_time () + (gint64) (share * G_USEC_PER_SEC);
  double query_ms = share * 1000.0 / 4;
  if (query_ms < po.timeout_ms)
    po.timeout_ms = (guint) MAX (query_ms, 100.0);
  st->predictions = augur_results_new (st->options->argv[0], "predict");
  augur_results_set_argv (st->predictions, st->options->argv);
  po.facts = st->facts;   /* NULL, or facts that may say they cannot prune */
  /* a schedule as long as a run may be is replayed whole: cut only past it
   * (a cut one cannot be confirmed, doc/predictor.md) */
  if (augur_check_max_steps (st) > 0)
    po.max_schedule_steps = augur_check_max_steps (st);
  AugurPredictStats ps = { 0 };
  g_autoptr (GError) local = NULL;
  if (!augur_predict (st->trace, NULL, &po, st->predictions, &ps, &local))
    {
      if (!g_error_matches (local, AUGUR_PREDICT_ERROR, AUGUR_PREDICT_ERROR_TOO_LARGE))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      /* a limit of the predictor, not a failure: the explorer still runs */
      augur_results_add_bound_hit (st->results, "predictor-size");
      augur_check_say (st, "prediction skipped: %s", local->message);
      return TRUE;
    }
  guint n = 0, n_inversions = 0;
  for (guint i = 0; i < augur_results_get_n_findings (st->predictions); i++)
    if (augur_finding_get_prediction_pattern (augur_results_get_finding (st->predictions, i)) != NULL)
      n++;
    else
      n_inversions++;
  g_autofree char *ruled_out =
    ps.n_skipped + ps.n_ruled_out > 0
      ? g_strdup_printf ("; static facts: %u quer%s skipped, %u prediction%s ruled out",
                         ps.n_skipped, ps.n_skipped == 1 ? "y" : "ies",
                         ps.n_ruled_out, ps.n_ruled_out == 1 ? "" : "s")
      : g_strdup ("");
  g_autofree char *left = ps.n_left > 0 || ps.n_unlisted > 0
    ? g_strdup_printf ("; at its deadline (%.1f s), %u quer%s left unasked and %u whose "
                       "candidates were not all listed", share, ps.n_left,
                       ps.n_left == 1 ? "y" : "ies", ps.n_unlisted)
    : g_strdup ("");
  if (ps.n_left > 0 || ps.n_unlisted > 0)
    augur_results_add_bound_hit (st->results, "predictor-time");
  g_autofree char *unanswered = ps.n_too_large > 0
    ? g_strdup_printf ("; %u check%s unanswered: windows too large to encode", ps.n_too_large,
                       ps.n_too_large == 1 ? "" : "s")
    : g_strdup ("");
  augur_check_say (st, "predicted %u reordering%s that may break the program (%u queries, %.1f s%s%s%s)",
                   n, n == 1 ? "" : "s", ps.n_queries, ps.model_s + ps.solve_s, ruled_out, left,
                   unanswered);
  if (n_inversions > 0)
    augur_check_say (st, "the recorded run takes locks in inconsistent orders: %u lock-order inversion%s",
                     n_inversions, n_inversions == 1 ? "" : "s");
  g_autofree char *path = g_build_filename (st->options->out_dir, "predictions.json", NULL);
  return augur_results_save (st->predictions, path, error);
}

/* A race prediction confirmation could not re-execute (@why): kept as a
 * warning with its predicted schedule, not lost in predictions.json.  A
 * predicted race is two accesses that a feasible reordering of the
 * recorded run puts side by side; whether anything fails after it is
 * what confirmation would have told. */
static void
untried_race (AugurCheckState *st, AugurFinding *p, const char *why)
{
  if (st->untried_races == NULL)
    st->untried_races = augur_results_new (st->options->argv[0], "confirm");
  g_autofree char *e = g_strdup_printf ("%s It could not be re-executed: %s.",
                                        augur_finding_get_explanation (p), why);
  augur_finding_set_explanation (p, e);
  augur_finding_set_severity (p, AUGUR_SEVERITY_WARNING);
  augur_results_add_finding (st->untried_races, p);
}

/* Why a schedule cut to its window (explorer/event-map.c's GAP) was not
 * tried: the same for every one, said once (say_windowed). */
#define WINDOWED_WHY                                                                     \
  "the recorded run is longer than a schedule may be, so the predictor kept only the " \
  "window around the bug, and such a schedule cannot be replayed from the program's start"

/* A prediction (index @i) that could not be re-executed (@why): counted
 * and kept, never dropped; it has no verdict, not even "not realisable",
 * and does not stop the others.  Its reason is said on its own line,
 * unless its schedule was cut to its window: those are listed in
 * @windowed (its number, kind and object: "2 (data-race on total)") and
 * said once (say_windowed), *n_windowed counting them. */
static void
not_tried (AugurCheckState *st, AugurFinding *p, guint i, const GError *why, GString *windowed,
           guint *n_windowed)
{
  gboolean cut = g_error_matches (why, AUGUR_EVENT_MAP_ERROR, AUGUR_EVENT_MAP_ERROR_GAP);
  if (cut)
    {
      g_autofree char *kind = augur_finding_dup_full_kind (p);
      g_autofree char *obj = augur_finding_dup_object_phrase (p);
      g_string_append_printf (windowed, "%s%u (%s%s%s)", windowed->len > 0 ? ", " : "", i + 1,
                              kind, obj != NULL ? " on " : "", obj != NULL ? obj : "");
      (*n_windowed)++;
    }
  else
    {
      g_autofree char *what = prediction_phrase (p);
      augur_check_say (st, "prediction %u (%s) not tried: %s", i + 1, what, why->message);
    }
  st->untried++;
  augur_results_add_predictions (st->results, augur_finding_get_kind (p),
                                 AUGUR_PREDICTION_NOT_TRIED, 1);
  if (augur_finding_get_kind (p) == AUGUR_FINDING_DATA_RACE)
    untried_race (st, p, cut ? WINDOWED_WHY : why->message);
}

/* One line for the @n predictions @windowed lists. */
static void
say_windowed (AugurCheckState *st, const GString *windowed, guint n)
{
  if (n == 0)
    return;
  gsize events = st->trace != NULL ? augur_trace_n_events (st->trace) : 0;
  guint bound = augur_check_max_steps (st);
  g_autofree char *steps = bound > 0 ? g_strdup_printf (" (%u steps)", bound) : g_strdup ("");
  augur_check_say (st, "%u prediction%s not tried, %s: the recorded run (%" G_GSIZE_FORMAT
                   " events) is longer than a schedule may be%s, so the predictor kept only the "
                   "window around each bug, and such a schedule cannot be replayed from the "
                   "program's start", n, n == 1 ? "" : "s", windowed->str, events, steps);
}

/* A prediction confirmation saw happen harmlessly (out->cls BENIGN): a
 * warning for the merge (check-merge.h), and for a data race the
 * execution in which it happened. */
static void
note_benign (AugurCheckState *st, AugurFinding *p, AugurConfirmOutcome *out)
{
  /* a race seen to happen harmlessly is a warning (check-merge.h);
   * its explanation becomes what confirmation saw, for the merge
   * (predictions.json is written already) */
  if (st->benign == NULL)
    st->benign = augur_results_new (st->options->argv[0], "confirm");
  g_autoptr (AugurFinding) mark = augur_finding_new (
    augur_finding_get_kind (p), NULL,
    out->failed_anyway ? AUGUR_CONFIRM_FAILED_ANYWAY : out->hung > 0 ? AUGUR_CONFIRM_HUNG : "");
  if (augur_finding_get_object (p) != NULL)   /* which global, for the merge */
    augur_finding_set_object (mark, augur_finding_get_object (p),
                              augur_finding_get_object_kind (p));
  for (guint k = 0; k < augur_finding_get_n_accesses (p); k++)
    {
      const AugurAccess *a = augur_finding_get_access (p, k);
      augur_finding_add_access (mark, a->thread, a->event, a->op, a->file, a->line,
                                a->function, NULL);
    }
  augur_results_add_finding (st->benign, mark);
  /* the race happened: a finding even where no explored run shows
   * it (--sync-only, where plain accesses are no steps) */
  if (augur_finding_get_kind (p) == AUGUR_FINDING_DATA_RACE)
    {
      if (st->benign_races == NULL)
        st->benign_races = augur_results_new (st->options->argv[0], "confirm");
      /* "Predicted, not confirmed: X." -> "X."; the merge says
       * what re-execution saw (add_ungrouped); reported with the
       * schedule of the execution in which it happened, which
       * augur replay re-runs (the prediction's names trace events) */
      g_autofree char *what = augur_confirm_claim (p);
      AugurFinding *seen = out->witness != NULL ? out->witness : p;
      augur_finding_set_explanation (seen, what);
      /* no execution kept that augur replay could re-run (the
       * prediction's schedule names trace events): a warning, as
       * a race predicted and never re-executed is, so that every
       * error replays */
      if (out->witness == NULL)
        augur_finding_set_severity (seen, AUGUR_SEVERITY_WARNING);
      augur_results_add_finding (st->benign_races, seen);
    }
}

static gboolean
stage_confirm (AugurCheckState *st, GError **error)
{
  guint n = st->predictions != NULL ? augur_results_get_n_findings (st->predictions) : 0;
  guint counts[AUGUR_PREDICTION_N_CLASSES] = { 0 };
  /* at most half of the time left, the rest is the explorer's */
  gint64 end = g_get_monotonic_time ()
               + (gint64) (MAX (augur_check_stage_time_left (st), 0) / 2 * G_USEC_PER_SEC);
  guint n_predictions = 0, n_confirmed = 0;
  g_autoptr (GString) windowed = g_string_new (NULL);
  guint n_windowed = 0;
  for (guint i = 0; i < n; i++)
    {
      AugurFinding *p = augur_results_get_finding (st->predictions, i);
      if (augur_interrupt_signal () != 0)
        break;   /* check-pipeline.c says so */
      if (augur_finding_get_prediction_pattern (p) == NULL)
        {
          /* not a prediction: a lock-order inversion of the run, reported as is */
          g_autoptr (AugurResults) one = augur_results_new (st->options->argv[0], "check");
          augur_results_add_finding (one, p);
          augur_check_merge_findings (st->results, one);
          continue;
        }
      n_predictions++;
      double left = (end - g_get_monotonic_time ()) / (double) G_USEC_PER_SEC;
      if (left < 0.5)
        {
          /* the inversions after it are still reported */
          st->unconfirmed++;
          continue;
        }
      n_confirmed++;
      AugurConfirmOptions co;
      augur_confirm_options_init (&co);
      co.max_steps = augur_check_max_steps (st);
      /* a confirmation keeps to co.timeout (explorer/confirm.c); half of
       * what is left, so that the predictions after it keep some */
      co.timeout = MIN (left / 2, co.timeout > 0 ? co.timeout : 60.0);
      co.exec_timeout = augur_check_run_watchdog (st, co.timeout);
      AugurConfirmOutcome out = { 0 };
      g_autoptr (GError) local = NULL;
      if (!augur_confirm_prediction (st->options->argv, p, &co, &out, &local))
        {
          if (augur_interrupt_signal () != 0)
            break;   /* its runs were killed: not a verdict */
          not_tried (st, p, i, local, windowed, &n_windowed);
          counts[AUGUR_PREDICTION_NOT_TRIED]++;
          continue;
        }
      augur_results_add_predictions (st->results, augur_finding_get_kind (p), out.cls, 1);
      counts[out.cls]++;
      if (out.cls == AUGUR_PREDICTION_BENIGN)
        note_benign (st, p, &out);
      augur_results_set_executions (st->results,
                                    augur_results_get_executions (st->results) + out.executions);
      if (out.cls == AUGUR_PREDICTION_HARMFUL && out.finding != NULL)
        {
          g_autoptr (AugurResults) one = augur_results_new (st->options->argv[0], "check");
          augur_results_add_finding (one, out.finding);
          augur_check_merge_findings (st->results, one);
        }
      augur_confirm_outcome_clear (&out);
      /* saved after each one: a crash of augur later keeps these */
      if (!augur_results_save (st->results, st->results_path, error))
        return FALSE;
    }
  if (st->unconfirmed > 0)
    {
      augur_results_add_bound_hit (st->results, "budget");
      augur_check_say (st, "time for confirmation spent after %u of %u predictions: %u left "
                       "unconfirmed", n_confirmed, n_predictions, st->unconfirmed);
    }
  say_windowed (st, windowed, n_windowed);
  g_autoptr (GString) not_tried = g_string_new (NULL);
  if (counts[AUGUR_PREDICTION_NOT_TRIED] > 0)
    g_string_printf (not_tried, ", %u not tried", counts[AUGUR_PREDICTION_NOT_TRIED]);
  if (n > 0)
    augur_check_say (st, "confirmed %u prediction%s harmful, %u benign, %u not realisable%s",
                     counts[AUGUR_PREDICTION_HARMFUL], counts[AUGUR_PREDICTION_HARMFUL] == 1 ? "" : "s",
                     counts[AUGUR_PREDICTION_BENIGN], counts[AUGUR_PREDICTION_NOT_REALISABLE],
                     not_tried->str);
  return TRUE;
}

static gboolean
stage_explore (AugurCheckState *st, GError **error)
{
  return augur_check_explore (st, augur_check_stage_time_left (st), error);
}

/* "file.c:12", the file as reports label it (common/source-label.h). */
static char *
line_key (const char *file, guint line)
{
  g_autofree char *base = augur_source_label (file);
  return g_strdup_printf ("%s:%u", base, line);
}

/* Adds to @covered the key of every pair of lines two accesses of @f
 * are at (a line with itself included): the pairs it exercised. */
static void
cover_pairs (GHashTable *covered, AugurFinding *f)
{
  g_autoptr (GPtrArray) locs = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < augur_finding_get_n_accesses (f); i++)
    {
      const AugurAccess *a = augur_finding_get_access (f, i);
      if (a->file == NULL)
        continue;
      g_ptr_array_add (locs, line_key (a->file, a->line));
    }
  for (guint i = 0; i < locs->len; i++)
    for (guint j = i; j < locs->len; j++)
      g_hash_table_add (covered, augur_explore_observed_key (g_ptr_array_index (locs, i),
                                                             g_ptr_array_index (locs, j)));
}

/* The explorer's key of a line pair (AugurExploreOptions.observed). */
static char *
line_pair_key (const char *file_a, guint line_a, const char *file_b, guint line_b)
{
  g_autofree char *a = line_key (file_a, line_a);
  g_autofree char *b = line_key (file_b, line_b);
  return augur_explore_observed_key (a, b);
}

/* The lines ("base:line") the recorded run made memory accesses at, and
 * of which kinds: 1 a read, 2 a write (a read-modify-write both). */
static GHashTable *
lines_accessed (const AugurTrace *t)
{
  GHashTable *lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (t == NULL)
    return lines;
  /* (module, pc) -> kinds */
  g_autoptr (GHashTable) pcs = g_hash_table_new (g_direct_hash, g_direct_equal);
  gsize n = augur_trace_n_events (t);
  for (gsize i = 0; i < n; i++)
    {
      const AugurRecord *r = augur_trace_event (t, i);
      const AugurOpsEvent *ev = augur_ops_event (r->kind);
      if (r->pc == 0 || ev->object != AUGUR_OPS_OBJ_MEMORY)
        continue;
      guint kinds = (ev->sop == AUGUR_SOP_READ || (ev->access & AUGUR_OPS_ACC_READ) ? 1 : 0)
                    | (ev->sop == AUGUR_SOP_WRITE ? 2 : 0);
      gpointer key = GSIZE_TO_POINTER (((gsize) r->module << 48) | r->pc);
      g_hash_table_insert (pcs, key, GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (pcs, key))
                                                       | kinds));
    }
  g_autoptr (AugurSymbolizer) sym = augur_symbolizer_new_for_trace (t);
  GHashTableIter it;
  gpointer key, value;
  g_hash_table_iter_init (&it, pcs);
  while (g_hash_table_iter_next (&it, &key, &value))
    {
      gsize k = GPOINTER_TO_SIZE (key);
      AugurSource src = { 0 };
      if (!augur_symbolizer_source (sym, (guint) (k >> 48), (guint32) (k & 0xffffffffu), &src)
          || src.file == NULL)
        continue;
      char *line = line_key (src.file, src.line);
      guint old = GPOINTER_TO_UINT (g_hash_table_lookup (lines, line));
      g_hash_table_insert (lines, line, GUINT_TO_POINTER (old | GPOINTER_TO_UINT (value)));
    }
  return lines;
}

static guint
kinds_at (GHashTable *lines, const char *file, guint line)
{
  g_autofree char *key = line_key (file, line);
  return GPOINTER_TO_UINT (g_hash_table_lookup (lines, key));
}

/* Did the recorded run make accesses at both lines of @p, but at one of
 * them none of the kind the pair needs (a read where it reads, for every
 * kind the pair may be)?  Then its access there is one augur did not see;
 * one of the right kind, if of another location (an element the static
 * analysis did not tell apart), leaves it a coverage hint. */
static gboolean
unseen_at (GHashTable *lines, const AugurStaticPair *p)
{
  guint at_a = kinds_at (lines, p->file_a, p->line_a), at_b = kinds_at (lines, p->file_b, p->line_b);
  if (at_a == 0 || at_b == 0 || p->kinds == NULL || p->kinds[0] == NULL)
    return FALSE;
  for (guint i = 0; p->kinds[i] != NULL; i++)
    {
      const char *k = p->kinds[i];   /* "R/W" */
      guint need_a = k[0] == 'W' ? 2 : 1, need_b = strlen (k) >= 3 && k[2] == 'W' ? 2 : 1;
      if ((at_a & need_a) && (at_b & need_b))
        return FALSE;
    }
  return TRUE;
}

void
augur_check_add_static_only (AugurCheckState *st)
{
  /* what was exercised is known only if the explorer ran with the facts */
  if (st->facts == NULL || !augur_static_facts_can_prune (st->facts) || st->observed == NULL)
    return;
  const GPtrArray *pairs = augur_static_facts_get_candidate_pairs (st->facts);
  /* the pairs the findings and predictions met, once: a static analysis
   * flags tens of thousands of pairs (micro_3_ok: 30,339 against 306
   * predictions, which compared one by one took 90 s past the budget) */
  g_autoptr (GHashTable) covered = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  /* the recorded run is not one of the explorer's: its predictions count */
  for (guint k = 0; st->predictions != NULL && k < augur_results_get_n_findings (st->predictions); k++)
    cover_pairs (covered, augur_results_get_finding (st->predictions, k));
  for (guint k = 0; k < augur_results_get_n_findings (st->results); k++)
    cover_pairs (covered, augur_results_get_finding (st->results, k));
  /* a pair at two lines the recorded run made accesses at, but whose
   * own access augur never saw: made inside code augur-cc did not build
   * (zlib's crc32 reading a buffer another thread memcpy's into), or left
   * out by the compiler; the search cannot vouch for it */
  g_autoptr (GHashTable) lines = NULL;   /* read from the trace when a pair needs it */
  guint added = 0, unseen = 0;
  const AugurStaticPair *first_unseen = NULL;
  for (guint i = 0; i < pairs->len; i++)
    {
      const AugurStaticPair *p = g_ptr_array_index (pairs, i);
      g_autofree char *key = line_pair_key (p->file_a, p->line_a, p->file_b, p->line_b);
      if (g_hash_table_contains (st->observed, key) || g_hash_table_contains (covered, key))
        continue;
      augur_results_add_static_candidate (st->results, p->location, p->file_a, p->line_a,
                                          p->file_b, p->line_b);
      added++;
      if (lines == NULL)
        lines = lines_accessed (st->trace);
      if (unseen_at (lines, p))
        {
          unseen++;
          if (first_unseen == NULL)
            first_unseen = p;
        }
    }
  st->unseen_pairs = unseen;
  if (unseen > 0)
    {
      augur_results_add_bound_hit (st->results, "unseen-accesses");
      g_autofree char *a = augur_source_label (first_unseen->file_a);
      g_autofree char *b = augur_source_label (first_unseen->file_b);
      augur_check_say (st, "%u pair%s flagged by the static analysis at lines the runs went "
                       "through, with no access of %s seen (`%s` at %s:%u and %s:%u%s): made "
                       "inside code augur-cc did not build (a library's function), or left out "
                       "by the compiler; the search cannot vouch for %s",
                       unseen, unseen == 1 ? "" : "s", unseen == 1 ? "it" : "theirs",
                       first_unseen->location, a, first_unseen->line_a, b, first_unseen->line_b,
                       unseen > 1 ? ", ..." : "", unseen == 1 ? "it" : "them");
    }
  if (added > unseen)
    augur_check_say (st, "%u pair%s flagged by the static analysis not exercised by the test driver: "
                     "no run met them (listed in the report as a coverage hint)", added - unseen,
                     added - unseen == 1 ? "" : "s");
}

const AugurCheckStage augur_check_stages[] = {
  { "static", stage_static },
  { "predict", stage_predict },
  { "confirm", stage_confirm },
  { "explore", stage_explore },
  { NULL, NULL },
};
