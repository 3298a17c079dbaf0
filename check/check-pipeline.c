/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * check-pipeline.c — `augur check` (see check-pipeline.h).
 *
 * The budget, from the start of the check:
 *   record   the watchdog of the recorded run: --timeout, at most a quarter
 *            of the budget; its trace is capped (augur_check_default_trace_cap);
 *   stages   each by its own deadline (check-stages.c), all of them by the
 *            budget less the reserve;
 *   repair   the diagnosis of the failures (check-repair.h), in what the
 *            stages left, less the reserve;
 *   reserve  for the names from the debug info, the grouping into bugs, the
 *            results file and the HTML report: it grows with the findings'
 *            schedules, at the rate the saves of the results file are
 *            measured to take (common/deadline.h, AUGUR_CHECK_TAIL_*).
 */
#include "config.h"

#include "check/check-pipeline.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "check/check-merge.h"
#include "check/check-outdir.h"
#include "check/check-repair.h"
#include "check/check-stages.h"
#include "common/augur-exit.h"
#include "common/dwarf-names.h"
#include "common/interrupt.h"
#include "common/malloc-reuse.h"
#include "common/record-run.h"
#include "common/results.h"
#include "common/same-bug.h"
#include "common/symbolizer.h"
#include "common/trace.h"
#include "explorer/executor.h"
#include "explorer/explore.h"
#include "reports/diagnosis.h"
#include "reports/html.h"
#include "common/source-label.h"

/* Trace size cap: 8 MiB per second of budget, whose reading and modelling
 * costs about a tenth of the budget (measured: 960 MiB, 31.4 M events,
 * 7.5 s to finish and open, 3.3 s to model; doc/design.md). */
#define CAP_BYTES_PER_SECOND (8u << 20)
#define CAP_MIN (16u << 20)
#define CAP_MAX (G_GUINT64_CONSTANT (1) << 30)
/* Reading a trace takes about 0.3 us and 90 bytes of memory an event
 * (a 27.8 M-event spin: 8.8 s, 2.5 GB): at this rate the reading is 3 %
 * of the budget, and the cap is far above what the explorer replays
 * (AUGUR_SCHED_MAX_STEPS). */
#define CAP_EVENTS_PER_SECOND 100000u
#define CAP_EVENTS_MIN (2u * 1000 * 1000)
#define CAP_EVENTS_MAX (16u * 1000 * 1000)

gboolean
augur_check_mode_from_string (const char *text, AugurCheckMode *mode)
{
  static const struct { const char *name; AugurCheckMode mode; } modes[] = {
    { "auto", AUGUR_CHECK_MODE_AUTO }, { "optimal", AUGUR_CHECK_MODE_OPTIMAL },
    { "dpor", AUGUR_CHECK_MODE_DPOR }, { "preempt", AUGUR_CHECK_MODE_PREEMPT },
    { "pct", AUGUR_CHECK_MODE_PCT },
  };
  for (guint i = 0; text != NULL && i < G_N_ELEMENTS (modes); i++)
    if (strcmp (text, modes[i].name) == 0)
      {
        *mode = modes[i].mode;
        return TRUE;
      }
  return FALSE;
}

guint64
augur_check_default_trace_cap (int budget_seconds)
{
  guint64 cap = (guint64) MAX (budget_seconds, 1) * CAP_BYTES_PER_SECOND;
  return CLAMP (cap, CAP_MIN, CAP_MAX);
}

guint64
augur_check_default_trace_events (int budget_seconds)
{
  guint64 cap = (guint64) MAX (budget_seconds, 1) * CAP_EVENTS_PER_SECOND;
  return CLAMP (cap, CAP_EVENTS_MIN, CAP_EVENTS_MAX);
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
  g_autofree char *object = augur_finding_dup_object_phrase (f);
  if (object != NULL)
    g_string_append_printf (s, " on %s", object);
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
      if (a->file == NULL && a->function == NULL)
        {
          /* no place: the process's end, when the harm is its exit status */
          g_string_append_printf (s, "%s%s (T%u)", i ? ", " : "    ", augur_op_to_string (a->op),
                                  a->thread);
          continue;
        }
      g_autofree char *base = a->file ? augur_source_label (a->file) : g_strdup ("?");
      g_string_append_printf (s, "%s%s:%u %s in %s", i ? ", " : "    ", base, a->line,
                              augur_op_to_string (a->op), a->function ? a->function : "?");
      for (guint k = 0; k < a->n_callers; k++)
        {
          g_autofree char *cb = a->callers[k].file ? augur_source_label (a->callers[k].file)
                                                   : g_strdup ("?");
          g_string_append_printf (s, " from %s %s:%u",
                                  a->callers[k].function ? a->callers[k].function : "?", cb,
                                  a->callers[k].line);
        }
      g_string_append_printf (s, " (T%u)", a->thread);
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

/* The deadline's work: the findings so far, and the races the end merges
 * in (name_and_group: predicted, not shown by a run; their schedules are
 * long ones: about 127,000 of bench/deadline-workload.c's 181,000); their
 * steps.  Returns the steps of the results file (a save's). */
static guint64
update_work (AugurCheckState *st)
{
  guint64 steps = augur_results_count_steps (st->results);
  guint findings = augur_results_get_n_findings (st->results);
  guint64 merged = 0;
  AugurResults *later[] = { st->untried_races, st->benign_races };
  for (guint i = 0; i < G_N_ELEMENTS (later); i++)
    if (later[i] != NULL)
      {
        merged += augur_results_count_steps (later[i]);
        findings += augur_results_get_n_findings (later[i]);
      }
  augur_deadline_set_work (st->deadline, findings, steps + merged);
  return steps;
}

/* A save is also a measured pass over the findings (the reserve's rate). */
static gboolean
save (AugurCheckState *st, GError **error)
{
  augur_results_set_duration (st->results, g_timer_elapsed (st->timer, NULL));
  gint64 started = augur_deadline_now (st->deadline);
  gboolean ok = augur_results_save (st->results, st->results_path, error);
  double seconds = (augur_deadline_now (st->deadline) - started) / (double) G_USEC_PER_SEC;
  augur_deadline_note_pass (st->deadline, update_work (st), seconds);
  return ok;
}

guint
augur_check_max_steps (AugurCheckState *st)
{
  if (st->options->max_steps > 0)
    return st->options->max_steps;
  if (st->max_steps > 0)
    return st->max_steps == G_MAXUINT ? 0 : st->max_steps;
  gsize n = st->trace != NULL ? augur_trace_n_events (st->trace) : 0;
  if (n <= AUGUR_EXPLORE_MAX_STEPS || st->options->sync_only)
    {
      st->max_steps = G_MAXUINT;   /* asked: the default */
      return 0;
    }
  st->max_steps = AUGUR_SCHED_MAX_STEPS;
  augur_check_say (st, "the recorded run has %" G_GSIZE_FORMAT " events: a run may take up to "
                   "%u steps (the most the scheduler's page holds; --max-steps sets it)",
                   n, AUGUR_SCHED_MAX_STEPS);
  return st->max_steps;
}

double
augur_check_run_watchdog (AugurCheckState *st, double slice)
{
  const AugurCheckOptions *o = st->options;
  if (o->run_timeout_given)
    return o->run_timeout_seconds;
  double floor = 1.0 + (st->recorded_hung ? 0 : 4 * st->recorded_seconds);
  return MIN ((double) o->run_timeout_seconds, MAX (floor, slice / 4));
}

double
augur_check_time_left (AugurCheckState *st)
{
  return st->options->budget_seconds - g_timer_elapsed (st->timer, NULL);
}

double
augur_check_stage_time_left (AugurCheckState *st)
{
  update_work (st);
  return augur_deadline_left (st->deadline);
}

/* A finding that shows a run that hangs: every thread blocked, a thread
 * waiting for ever, a thread locking what it holds. */
static gboolean
finding_hangs (AugurFinding *f)
{
  AugurFindingKind k = augur_finding_get_kind (f);
  const char *sub = augur_finding_get_subkind (f);
  if (k == AUGUR_FINDING_DEADLOCK || k == AUGUR_FINDING_HANG
      || (k == AUGUR_FINDING_MISUSE && sub != NULL && strcmp (sub, "recursive-lock") == 0))
    return TRUE;
  for (guint i = 0; i < augur_finding_get_n_parts (f); i++)
    if (finding_hangs (augur_finding_get_part (f, i)))
      return TRUE;
  return FALSE;
}

static gboolean
some_run_hung (AugurResults *r)
{
  for (guint i = 0; i < augur_results_get_n_findings (r); i++)
    if (finding_hangs (augur_results_get_finding (r, i)))
      return TRUE;
  return FALSE;
}

/* A finding that shows a run that fails: an assertion, an abort, a crash. */
static gboolean
some_run_failed (AugurResults *r)
{
  for (guint i = 0; i < augur_results_get_n_findings (r); i++)
    {
      AugurFindingKind k = augur_finding_get_kind (augur_results_get_finding (r, i));
      if (k == AUGUR_FINDING_ASSERTION || k == AUGUR_FINDING_ABORT || k == AUGUR_FINDING_CRASH)
        return TRUE;
    }
  return FALSE;
}

/* "an abort (SIGABRT)" if the recorded run ended by a fatal signal or an
 * abort (a failed assertion), else NULL. */
static char *
recorded_failure (const AugurRecordOutcome *outcome)
{
  if (outcome->timed_out || outcome->cut || !outcome->signaled)
    return NULL;
  const char *abbrev = sigabbrev_np (outcome->status);
  return g_strdup_printf ("%s (SIG%s)", outcome->status == SIGABRT ? "an abort" : "a fatal signal",
                          abbrev != NULL ? abbrev : "?");
}

/* Where each thread of a run the watchdog killed was last seen:
 * "T0 thread_join at prog.c:31, T1 mutex_lock_request at prog.c:20"
 * (threads that had ended left out), or NULL. */
static char *
hung_threads (const AugurTrace *t)
{
  guint n_threads = augur_trace_n_threads (t);
  if (n_threads == 0)
    return NULL;
  g_autofree gboolean *seen = g_new0 (gboolean, n_threads);
  g_autoptr (GPtrArray) last = g_ptr_array_new ();
  g_ptr_array_set_size (last, n_threads);
  guint n_seen = 0;
  gsize n = augur_trace_n_events (t);
  for (gsize i = n; i-- > 0 && n_seen < n_threads && n - i <= 1000000;)
    {
      const AugurRecord *r = augur_trace_event (t, i);
      if (r->tid >= n_threads || seen[r->tid] || r->kind == AUGUR_EV_END)
        continue;
      seen[r->tid] = TRUE;
      n_seen++;
      g_ptr_array_index (last, r->tid) = (gpointer) r;
    }
  g_autoptr (AugurSymbolizer) sym = augur_symbolizer_new_for_trace (t);
  GString *s = g_string_new (NULL);
  for (guint k = 0; k < n_threads; k++)
    {
      const AugurRecord *r = g_ptr_array_index (last, k);
      if (r == NULL || r->kind == AUGUR_EV_THREAD_EXIT)
        continue;
      AugurSource src = { 0 };
      g_string_append_printf (s, "%sT%u %s", s->len > 0 ? ", " : "", k,
                              augur_event_kind_name (r->kind));
      if (r->pc != 0 && augur_symbolizer_source (sym, r->module, r->pc, &src) && src.file != NULL)
        {
          g_autofree char *base = augur_source_label (src.file);
          g_string_append_printf (s, " at %s:%u", base, src.line);
        }
    }
  if (s->len == 0)
    {
      g_string_free (s, TRUE);
      return NULL;
    }
  return g_string_free (s, FALSE);
}

/* A save whose failure is told but does not stop the check. */
static gboolean
save_or_say (AugurCheckState *st)
{
  GError *save_error = NULL;
  if (!save (st, &save_error))
    {
      g_printerr ("augur check: %s\n", save_error->message);
      g_error_free (save_error);
      return FALSE;
    }
  return TRUE;
}

/* The state a check starts with: its clock and budget, where its files
 * go, and empty results that say what was checked. */
static void
state_init (AugurCheckState *st, const AugurCheckOptions *o)
{
  st->options = o;
  st->timer = g_timer_new ();
  st->deadline = augur_deadline_new (o->budget_seconds);
  augur_deadline_set_after (st->deadline, AUGUR_CHECK_TAIL_BASE, AUGUR_CHECK_TAIL_PER_FINDING,
                            AUGUR_CHECK_TAIL_PASSES);
  st->trace_path = g_build_filename (o->out_dir, "run.trace", NULL);
  st->results_path = g_build_filename (o->out_dir, "results.json", NULL);
  st->results = augur_results_new (o->argv[0], "check");
  augur_results_set_argv (st->results, o->argv);
  augur_results_set_mode (st->results, "check");
  augur_results_set_malloc_reuse (st->results, augur_malloc_reuse_get ());
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  augur_results_set_started (st->results, now);
  if (o->source_dir != NULL)
    {
      g_autofree char *abs = g_canonicalize_filename (o->source_dir, NULL);
      augur_results_set_source_dir (st->results, abs);
    }
}

/* 1. record: a run that hangs (a deadlock the OS scheduler happened to
 * take) is cut after a quarter of the budget at most, so that the
 * explorer still has the rest to find and show the bug; a run that
 * records without end is cut at the size cap.  Opens its trace and saves
 * the first results file.  AUGUR_EXIT_OK, or the status to stop with. */
static int
record (AugurCheckState *st)
{
  const AugurCheckOptions *o = st->options;
  g_autoptr (GError) error = NULL;
  g_autofree char *hung_where = NULL;
  AugurRecordOutcome outcome;
  int record_timeout = MIN (o->run_timeout_seconds, MAX (1, o->budget_seconds / 4));
  AugurRecordCaps caps = {
    .bytes = o->max_trace_bytes > 0 ? o->max_trace_bytes
                                    : augur_check_default_trace_cap (o->budget_seconds),
    .events = o->max_trace_events > 0 ? o->max_trace_events
                                      : augur_check_default_trace_events (o->budget_seconds),
  };
  /* the program's output is not mixed into augur's: it is kept */
  g_autofree char *output_path = g_build_filename (o->out_dir, "run-output.txt", NULL);
  if (!augur_record_run ((char **) o->argv, st->trace_path, (guint) record_timeout, &caps,
                         o->stdin_path, output_path, &outcome, &error))
    {
      g_printerr ("augur check: %s\n", error->message);
      return g_error_matches (error, AUGUR_RECORD_ERROR, AUGUR_RECORD_ERROR_NO_TRACE)
               ? AUGUR_EXIT_PROGRAM : AUGUR_EXIT_INPUT;
    }
  st->trace = augur_trace_open (st->trace_path, &error);
  if (st->trace == NULL)
    {
      g_printerr ("augur check: %s\n", error->message);
      return AUGUR_EXIT_PROGRAM;
    }
  {
    g_autofree char *run = augur_trace_summary (st->trace);
    augur_check_say (st, "recorded one run: %s (its output: %s)", run, output_path);
  }
  st->recorded_hung = outcome.timed_out;
  st->recorded_seconds = outcome.seconds;
  st->recorded_failed = recorded_failure (&outcome);
  st->recorded_exited = !outcome.timed_out && !outcome.cut && !outcome.signaled;
  st->recorded_exit = outcome.status;
  if (st->recorded_failed != NULL)
    augur_check_say (st, "the recorded run ended in %s; the explorer looks for the failure",
                     st->recorded_failed);
  if (outcome.cut)
    {
      augur_results_add_bound_hit (st->results, outcome.cut_events ? "trace-events" : "trace-size");
      augur_check_say (st, "the recorded run was cut at the trace's %s: the predictor sees "
                       "only its beginning", outcome.cut_events ? "cap in events (--max-trace-events)"
                                                                : "size cap (--max-trace-size)");
    }
  hung_where = st->recorded_hung ? hung_threads (st->trace) : NULL;
  if (st->recorded_hung)
    {
      augur_results_add_bound_hit (st->results, "recorded-run-hung");
      g_autofree char *how = outcome.stuck
        ? g_strdup_printf ("deadlocked: every thread waited for another in a call with no "
                           "timeout (killed after %.1f s of that)", outcome.stuck_ms / 1000.0)
        : g_strdup_printf ("hung: killed by the watchdog after %d s", record_timeout);
      augur_check_say (st, "the recorded run %s%s%s; the explorer looks for the %s", how,
                       hung_where != NULL ? ", its threads last seen at: " : "",
                       hung_where != NULL ? hung_where : "", outcome.stuck ? "deadlock" : "hang");
    }
  if (!save (st, &error))
    {
      g_printerr ("augur check: %s\n", error->message);
      return AUGUR_EXIT_TOOL;
    }
  return AUGUR_EXIT_OK;
}

/* 2..n: the analysis stages, in order, each within the budget left;
 * a signal stops them (common/interrupt.h: what they started is killed).
 * The results file is saved after each.  AUGUR_EXIT_OK, or the exit
 * status of a stage that failed (not killed at a signal) or a save that
 * did: the program's (a search that stopped because the program does
 * not follow its schedules, AUGUR_EXIT_PROGRAM as explore's), else augur's. */
static int
run_stages (AugurCheckState *st)
{
  g_autoptr (GError) error = NULL;
  int status = AUGUR_EXIT_OK;
  for (const AugurCheckStage *stage = augur_check_stages; stage->name != NULL; stage++)
    {
      if (augur_interrupt_signal () != 0)
        {
          augur_results_add_bound_hit (st->results, "interrupted");
          augur_check_say (st, "interrupted before %s: the results so far are kept", stage->name);
          break;
        }
      if (augur_check_stage_time_left (st) <= 0)
        {
          augur_results_add_bound_hit (st->results, "budget");
          augur_check_say (st, "budget spent before %s", stage->name);
          break;
        }
      if (!stage->run (st, &error))
        {
          /* a failing stage keeps what the others found; one whose
           * processes were killed at a signal did not fail */
          if (augur_interrupt_signal () == 0)
            {
              g_printerr ("augur check: %s: %s\n", stage->name, error->message);
              if (status != AUGUR_EXIT_TOOL)
                status = g_error_matches (error, AUGUR_EXPLORE_ERROR,
                                          AUGUR_EXPLORE_ERROR_NONDETERMINISTIC)
                           ? AUGUR_EXIT_PROGRAM : AUGUR_EXIT_TOOL;
            }
          g_clear_error (&error);
        }
      if (!save_or_say (st))
        status = AUGUR_EXIT_TOOL;
    }
  return status;
}

/* When the naming must end: the budget's end less the share of the
 * reserve kept for what follows it (AUGUR_CHECK_TAIL_AFTER_NAMES), but
 * never less than the floor of augur_dwarf_names_stop_in; 0 without a
 * budget.  Naming a long schedule has no bound of its own
 * (libuv's signal_multiple_loops: 6.3 s for three findings of 262,144
 * steps, the budget's reserve being 2.1 s). */
static gint64
naming_stop (AugurCheckState *st)
{
  if (st->options->budget_seconds <= 0)
    return 0;
  update_work (st);
  double rest = augur_deadline_reserve (st->deadline) * AUGUR_CHECK_TAIL_AFTER_NAMES;
  return augur_dwarf_names_stop_in (augur_check_time_left (st) - rest,
                                    st->options->budget_seconds);
}

/* The findings made ready for people: the static-only ones added (unless
 * interrupted), names from the debug info within the time left (what is
 * not named by then keeps augur's own names, and that is said), one bug
 * one finding, each with the command that replays it. */
static void
name_and_group (AugurCheckState *st)
{
  const AugurCheckOptions *o = st->options;
  if (augur_interrupt_signal () == 0)
    augur_check_add_static_only (st);
  else
    augur_results_add_bound_hit (st->results, "interrupted");
  /* a race predicted and never re-executed (its schedule too long to
   * replay): a warning, unless a run showed it (merged by its lines); one
   * re-executed and seen to happen harmlessly: an error, unless a run
   * showed it, whose finding confirmation's verdict then annotates */
  if (st->untried_races != NULL)
    augur_check_merge_findings (st->results, st->untried_races);
  if (st->benign_races != NULL)
    augur_check_merge_findings (st->results, st->benign_races);
  /* names for people (q->pushed, not T0.alloc1+168), from the debug info,
   * the recorded run's allocation sites and the findings' accesses */
  {
    g_autoptr (AugurDwarfNames) names = augur_dwarf_names_new (
      o->argv[0], augur_results_get_source_dir (st->results));
    augur_dwarf_names_set_deadline (names, naming_stop (st));
    augur_dwarf_names_note_trace (names, st->trace);
    augur_dwarf_names_apply (names, st->results);
    if (augur_dwarf_names_was_cut (names) || st->names_cut)
      augur_check_say (st, "%s", augur_dwarf_names_cut_text ());
  }
  /* one bug, one finding; each with the command that replays it */
  augur_check_group_findings (st->results, st->benign);
  augur_same_bug_merge (st->results);
  augur_results_set_replay_commands (st->results, st->results_path);
}

/* Did the recorded run free memory (else where malloc's blocks go cannot
 * explain a failure)? */
static gboolean
recorded_frees (AugurCheckState *st)
{
  gsize n = st->trace != NULL ? augur_trace_n_events (st->trace) : 0;
  for (gsize i = 0; i < n; i++)
    if (augur_trace_event (st->trace, i)->kind == AUGUR_EV_FREE)
      return TRUE;
  return st->trace == NULL;
}

/* How far it got: complete only if the search ended with its guarantee
 * and a hang or a failure of the recorded run was found again: a failure
 * no explored run shows (one that needs malloc to hand a freed block
 * back, say) must not end as "complete, no bug".  Sets it in the results
 * and *summary to the sentence that says it. */
static gboolean
set_completeness (AugurCheckState *st, char **summary)
{
  gboolean hang_unexplained = st->recorded_hung && !some_run_hung (st->results);
  gboolean fail_unexplained = st->recorded_failed != NULL && !some_run_failed (st->results);
  gboolean complete = st->explore_complete && !hang_unexplained && !fail_unexplained
                      && st->unseen_pairs == 0;
  const char *explored = st->explore_guarantee != NULL ? st->explore_guarantee
                                                       : "incomplete: the exploration did not run";
  /* accesses augur did not see: the search's guarantee is of the others */
  g_autofree char *unseen = st->unseen_pairs > 0 && st->explore_complete
    ? g_strdup_printf ("incomplete: %u pair%s flagged by the static analysis at lines the runs "
                       "went through had no access augur saw (made inside code augur-cc did "
                       "not build, or left out by the compiler); of the accesses it sees, the "
                       "search was %s", st->unseen_pairs, st->unseen_pairs == 1 ? "" : "s",
                       explored)
    : NULL;
  if (unseen != NULL)
    explored = unseen;
  if (fail_unexplained)
    {
      augur_results_add_bound_hit (st->results, "recorded-run-failed");
      if (st->explore_complete && augur_results_count_severity (st->results, AUGUR_SEVERITY_ERROR) > 0)
        /* a misuse the native run dies of (a barrier never initialised:
         * SIGFPE) is a finding, and the explored run goes on past it */
        *summary = g_strdup_printf (
          "incomplete: the recorded run ended in %s and no explored run failed, though the "
          "exploration was %s; the errors found may be its cause (an explored run goes on past "
          "a misuse the native run dies of); the recorded run's output above shows it",
          st->recorded_failed, explored);
      else if (st->explore_complete)
        {
          gboolean frees = recorded_frees (st);
          *summary = g_strdup_printf (
            "incomplete: the recorded run ended in %s and no explored run failed, though the "
            "exploration was %s: the failure depends on something augur does not model (%sreal "
            "time, the environment); the recorded run's output above shows it%s",
            st->recorded_failed, explored, frees ? "the addresses malloc hands out, " : "",
            augur_malloc_reuse_get () || !frees
              ? ""
              : "; --malloc-reuse explores with freed blocks handed back at once, as glibc does");
        }
      else
        *summary = g_strdup_printf ("incomplete: the recorded run ended in %s and no explored "
                                    "run failed; %s", st->recorded_failed,
                                    g_str_has_prefix (explored, "incomplete: ")
                                      ? explored + strlen ("incomplete: ") : explored);
    }
  else if (!hang_unexplained)
    *summary = g_strdup (explored);
  else if (st->explore_complete)
    *summary = g_strdup_printf ("incomplete: the recorded run hung and no explored run did, "
                                "though the exploration was %s: the hang is in something "
                                "augur does not model (a pipe, a socket, real time)", explored);
  else
    *summary = g_strdup_printf ("incomplete: the recorded run hung and no explored run did; %s",
                                g_str_has_prefix (explored, "incomplete: ")
                                  ? explored + strlen ("incomplete: ") : explored);
  augur_results_set_completeness (st->results, complete, *summary);
  return complete;
}

/* The HTML report; FALSE (told) if it could not be written. */
static gboolean
write_report (AugurCheckState *st)
{
  const AugurCheckOptions *o = st->options;
  g_autoptr (GError) error = NULL;
  g_autofree char *src = o->source_dir != NULL ? g_canonicalize_filename (o->source_dir, NULL)
                                               : g_get_current_dir ();
  /* the diagnosis of the repair step, when it wrote one */
  g_autoptr (AugurReportDiagnosis) diag = NULL;
  g_autofree char *diag_path = augur_report_diagnosis_beside (st->results_path);
  if (diag_path != NULL)
    {
      diag = augur_report_diagnosis_load (diag_path, &error);
      if (diag == NULL)
        {
          g_printerr ("augur check: the report leaves the diagnosis out: %s\n", error->message);
          g_clear_error (&error);
        }
      else
        augur_report_diagnosis_match (diag, st->results);
    }
  if (!augur_report_html_write_diagnosed (st->results, diag, src, o->out_dir, &error))
    {
      g_printerr ("augur check: cannot write the report: %s\n", error->message);
      return FALSE;
    }
  return TRUE;
}

/* The findings and the closing lines on standard output; returns how many
 * findings count as bugs (--fail-on). */
static guint
print_outcome (AugurCheckState *st, gboolean complete, const char *summary)
{
  const AugurCheckOptions *o = st->options;
  guint n = augur_results_get_n_findings (st->results);
  for (guint i = 0; i < n; i++)
    print_finding (i + 1, augur_results_get_finding (st->results, i));
  g_autofree char *index = g_build_filename (o->out_dir, "index.html", NULL);
  g_autofree char *severities = augur_results_dup_severity_summary (st->results);
  printf ("augur check: %s, %" G_GUINT64_FORMAT " executions, %.1f s; report: %s\n",
          severities, augur_results_get_executions (st->results),
          g_timer_elapsed (st->timer, NULL), index);
  guint failing = augur_results_count_failing (st->results, o->fail_on);
  /* a failure of the recorded run that no explored run showed: not "no
   * bug found" */
  gboolean seen_failing = st->recorded_failed != NULL && !some_run_failed (st->results);
  if (failing == 0 && !complete && !seen_failing)
    printf ("augur check: %s; no bug was found in what was explored, which is not a proof "
            "that there is none\n", summary);
  else
    printf ("augur check: %s\n", summary);
  /* predicted, never checked: not bugs, but not to be lost either (an
   * exploration that ended covered them) */
  guint unchecked = st->untried + st->unconfirmed;
  if (unchecked > 0 && !complete)
    {
      g_autofree char *preds = g_build_filename (o->out_dir, "predictions.json", NULL);
      /* an untried one's reason is on its own line above: a schedule too
       * long or cut, or no schedule (the solver gave no answer) */
      g_autofree char *untried = st->untried > 0
        ? g_strdup_printf ("%u not tried, each with its reason above", st->untried) : NULL;
      g_autofree char *late = st->unconfirmed > 0
        ? g_strdup_printf ("%u left when the time ran out", st->unconfirmed) : NULL;
      printf ("augur check: %u prediction%s could not be checked (%s%s%s): %s\n", unchecked,
              unchecked == 1 ? "" : "s", untried != NULL ? untried : "",
              untried != NULL && late != NULL ? "; " : "", late != NULL ? late : "", preds);
    }
  fflush (stdout);
  return failing;
}

int
augur_check_run (const AugurCheckOptions *o)
{
  g_autoptr (GError) error = NULL;
  /* one check per folder, and nothing left from an earlier one */
  int lock_fd = augur_check_outdir_take (o->out_dir, &error);
  if (lock_fd < 0)
    {
      g_printerr ("augur check: %s\n", error->message);
      return g_error_matches (error, AUGUR_CHECK_OUTDIR_ERROR, AUGUR_CHECK_OUTDIR_ERROR_BUSY)
               ? AUGUR_EXIT_USAGE : AUGUR_EXIT_TOOL;
    }
  /* the explored runs' standard input: /dev/null, or --stdin's file */
  augur_executor_set_stdin (o->stdin_path);

  AugurCheckState st = { 0 };
  state_init (&st, o);

  g_autofree char *summary = NULL;
  g_autofree char *repair = NULL;
  int status = record (&st);
  if (status != AUGUR_EXIT_OK)
    goto out;
  status = run_stages (&st);
  name_and_group (&st);
  gboolean complete = set_completeness (&st, &summary);
  if (!save_or_say (&st))
    status = AUGUR_EXIT_TOOL;
  /* the diagnosis reads the saved results; it changes no finding and no
   * exit status */
  repair = augur_check_repair (&st);
  if (!write_report (&st))
    status = AUGUR_EXIT_TOOL;
  guint failing = print_outcome (&st, complete, summary);
  if (repair != NULL)
    printf ("augur check: %s\n", repair);
  fflush (stdout);
  /* a confirmed bug outranks a stage that failed later; by default only
   * errors are bugs (--fail-on); an analysis that did not finish is not
   * clean */
  if (failing > 0)
    status = AUGUR_EXIT_BUG;
  else if (status == AUGUR_EXIT_OK && !complete)
    status = AUGUR_EXIT_INCOMPLETE;

out:
  augur_check_state_clear (&st);
  close (lock_fd);
  return status;
}

void
augur_check_state_clear (AugurCheckState *st)
{
  g_clear_pointer (&st->trace, augur_trace_free);
  g_clear_pointer (&st->results, augur_results_unref);
  g_clear_pointer (&st->predictions, augur_results_unref);
  g_clear_pointer (&st->benign, augur_results_unref);
  g_clear_pointer (&st->untried_races, augur_results_unref);
  g_clear_pointer (&st->benign_races, augur_results_unref);
  g_clear_pointer (&st->facts, augur_static_facts_unref);
  g_clear_pointer (&st->observed, g_hash_table_unref);
  g_clear_pointer (&st->timer, g_timer_destroy);
  g_clear_pointer (&st->deadline, augur_deadline_free);
  g_clear_pointer (&st->trace_path, g_free);
  g_clear_pointer (&st->results_path, g_free);
  g_clear_pointer (&st->explore_guarantee, g_free);
  g_clear_pointer (&st->recorded_failed, g_free);
}
