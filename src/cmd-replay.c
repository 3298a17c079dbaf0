/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cmd-replay.c — `augur replay [--gdb] RESULTS[#FINDING]`: re-run the
 * program of a results file along the schedule stored with one finding
 * (default the first) and check that the same bug shows again: same kind,
 * same source locations.  With --gdb the program runs under gdb, without
 * the fork server, and stops (SIGTRAP) just before the schedule's last
 * step, the bug's own step.  A prediction confirmed by augur confirm is
 * reproduced when the same harm (assertion, crash, deadlock, nonzero exit)
 * follows the same steps (explorer/confirm.h); an unconfirmed prediction
 * cannot be replayed (its schedule names trace events).
 *
 * Exit status: 1 the bug was reproduced, 4 it was not (or the program did
 * not follow the schedule), 2 usage, 3 bad results file or program, 5
 * augur failed.  With --gdb: gdb's status.
 */
#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "common/dwarf-names.h"
#include "common/frames-run.h"
#include "common/finding-ref.h"
#include "common/malloc-reuse.h"
#include "common/results.h"
#include "explorer/confirm.h"
#include "explorer/debugger.h"
#include "explorer/explore.h"
#include "static/static-facts.h"
#include "src/augur-cmd.h"

#define CMD "replay"

int augur_cmd_explore_exit_for_error (const GError *error);

/* The finding asked for and its schedule (thread numbers); an exit status
 * on error, -1 on success. */
static int
load_target (const char *ref, char **path, guint *which, AugurResults **results,
             AugurFinding **target, guint **threads, guint *n)
{
  g_autoptr(GError) error = NULL;
  if (!augur_finding_ref_parse (ref, path, which, &error))
    return augur_cmd_usage_error (CMD, error->message);
  *results = augur_results_load (*path, &error);
  if (*results == NULL)
    return augur_cmd_error (CMD, AUGUR_EXIT_INPUT, error->message);
  if (*which > augur_results_get_n_findings (*results))
    {
      g_autofree char *msg = g_strdup_printf ("%s has %u finding(s), no finding %u", *path,
                                              augur_results_get_n_findings (*results), *which);
      augur_cmd_print_error (CMD, msg);
      return AUGUR_EXIT_INPUT;
    }
  *target = augur_results_get_finding (*results, *which - 1);
  if (augur_finding_get_n_steps (*target) == 0)
    {
      /* a hazard seen in the run (a lock-order inversion that did not
       * deadlock), a note: nothing happened that a schedule could show */
      g_autofree char *kind = augur_finding_dup_full_kind (*target);
      g_autofree char *msg = g_strdup_printf (
        "finding %u of %s (%s) has no schedule: it was seen, not made to happen, so there is "
        "nothing to replay", *which, *path, kind);
      augur_cmd_print_error (CMD, msg);
      return AUGUR_EXIT_INPUT;
    }
  /* the schedule drives the scheduler's fixed tables: what they cannot
   * hold is a bad results file, not something to truncate */
  *threads = augur_finding_ref_schedule (*target, AUGUR_SCHED_MAX_THREADS, AUGUR_SCHED_MAX_STEPS,
                                         n, &error);
  if (*threads == NULL)
    {
      g_autofree char *msg = g_strdup_printf ("%s: finding %u: %s", *path, *which, error->message);
      augur_cmd_print_error (CMD, msg);
      return AUGUR_EXIT_INPUT;
    }
  if (augur_results_get_argv (*results)[0] == NULL)
    return augur_cmd_error (CMD, AUGUR_EXIT_INPUT,
                            "the results file names no program (argv is empty)");
  return -1;
}

/* A prediction confirmed by augur confirm: its harm, not its kind, is
 * what shows again. */
static int
replay_prediction (const char *const *pargv, AugurFinding *target, gboolean show_output,
                   const char *path, guint which)
{
  if (!augur_finding_get_prediction_class (target, NULL))
    {
      g_autofree char *msg = g_strdup_printf (
        "finding %u of %s is a prediction, not a confirmed bug: its schedule names trace "
        "events; run 'augur confirm %s' and replay the confirmed file", which, path, path);
      augur_cmd_print_error (CMD, msg);
      return AUGUR_EXIT_INPUT;
    }
  g_autoptr(GError) error = NULL;
  gboolean reproduced = FALSE;
  g_autofree char *what = NULL;
  if (!augur_confirm_replay (pargv, target, show_output, &reproduced, &what, &error))
    {
      augur_cmd_print_error (CMD, error->message);
      return augur_cmd_explore_exit_for_error (error);
    }
  g_autofree char *heading = augur_cmd_finding_heading (target);
  g_print ("%s: %s: %s\n", reproduced ? "reproduced" : "not reproduced", heading, what);
  return reproduced ? AUGUR_EXIT_BUG : AUGUR_EXIT_PROGRAM;
}

/* The facts to replay with: the ones given, else augur check's next to
 * the results (*beside), else none.  FALSE (exit status in *status) if
 * the given ones cannot be read. */
static gboolean
replay_facts (const char *facts_path, const char *path, AugurStaticFacts **facts,
              gboolean *beside, int *status)
{
  *beside = FALSE;
  if (facts_path != NULL)
    {
      g_autoptr(GError) error = NULL;
      *facts = augur_static_facts_load (facts_path, &error);
      if (*facts == NULL)
        {
          augur_cmd_print_error (CMD, error->message);
          *status = AUGUR_EXIT_INPUT;
          return FALSE;
        }
      return TRUE;
    }
  /* augur check explores with the facts of its static stage, which it
   * writes next to results.json: a schedule it found has fewer steps than
   * one without them (the pruned accesses are no steps), and run without
   * them it stops short of the bug, or diverges.  So those facts are tried
   * first, then none. */
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *near = g_build_filename (dir, "static-facts.json", NULL);
  if (g_file_test (near, G_FILE_TEST_IS_REGULAR))
    {
      *facts = augur_static_facts_load (near, NULL);
      if (*facts != NULL && !augur_static_facts_can_prune (*facts))
        g_clear_pointer (facts, augur_static_facts_unref);
      *beside = *facts != NULL;
    }
  return TRUE;
}

/* The thread of @f's failure (an assertion, abort or crash access), or
 * -1 if it has none. */
static gint
failing_thread (AugurFinding *f)
{
  for (guint k = 0; k < augur_finding_get_n_accesses (f); k++)
    {
      const AugurAccess *a = augur_finding_get_access (f, k);
      if (augur_op_is_failure (a->op) || a->op == AUGUR_OP_FAULT)
        return (gint) a->thread;
    }
  return -1;
}

/* A finding of the explorer: the same kind at the same locations. */
static int
replay_explored (const char *const *pargv, AugurFinding *target, const guint *threads, guint n,
                 gboolean show_output, const char *facts_path, const char *path,
                 const char *source_dir)
{
  AugurExploreOptions o;
  augur_explore_options_init (&o);
  o.show_output = show_output;
  g_autoptr(AugurStaticFacts) facts = NULL;
  gboolean beside_facts = FALSE;
  int status = 0;
  if (!replay_facts (facts_path, path, &facts, &beside_facts, &status))
    return status;
  g_autofree char *want_kind = augur_finding_dup_full_kind (target);
  g_autofree char *want_locs = augur_cmd_finding_locations (target, TRUE);
  /* as explore printed it */
  g_autofree char *heading = augur_cmd_finding_heading (target);
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) first_error = NULL;
  gboolean ran = FALSE;
  for (guint attempt = 0; attempt < (beside_facts ? 2u : 1u); attempt++)
    {
      o.facts = attempt == 0 ? facts : NULL;
      g_clear_error (&error);
      g_autoptr(AugurResults) got = augur_explore_replay (pargv, threads, n, &o, &error);
      if (got == NULL)
        {
          /* a schedule that does not fit this program: perhaps the other way */
          if (!g_error_matches (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_NONDETERMINISTIC))
            break;
          if (first_error == NULL)
            first_error = g_steal_pointer (&error);
          continue;
        }
      /* the names the finding was reported with (q->count, not T0.alloc1+8) */
      g_autoptr (AugurDwarfNames) names = augur_dwarf_names_new (
        augur_results_get_program (got), source_dir != NULL ? source_dir
                                                            : augur_results_get_source_dir (got));
      g_autoptr (AugurTrace) frames = augur_frames_run_needed (got)
                                        ? augur_frames_run ((const char *const *) pargv, NULL, 10)
                                        : NULL;
      if (frames != NULL)
        {
          augur_dwarf_names_note_frames (names, frames);
          augur_dwarf_names_note_trace (names, frames);
        }
      augur_dwarf_names_apply (names, got);
      for (guint k = 0; k < augur_results_get_n_findings (got); k++)
        {
          AugurFinding *f = augur_results_get_finding (got, k);
          g_autofree char *kind = augur_finding_dup_full_kind (f);
          g_autofree char *locs = augur_cmd_finding_locations (f, TRUE);
          if (strcmp (kind, want_kind) == 0 && strcmp (locs, want_locs) == 0)
            {
              if (beside_facts && attempt == 0)
                g_printerr ("augur replay: the schedule was run with the static facts next to %s\n",
                            path);
              g_print ("reproduced: %s: %s\n", heading, augur_finding_get_explanation (f));
              /* two threads failing at one place: the replay's is the
               * first to get there, which may not be the one named */
              gint want = failing_thread (target), failed = failing_thread (f);
              if (want >= 0 && failed >= 0 && want != failed)
                g_print ("augur replay: the finding names thread %d; in this replay thread %d "
                         "failed there first\n", want, failed);
              return AUGUR_EXIT_BUG;
            }
        }
      ran = TRUE;   /* a verdict, not an error */
    }
  if (!ran)
    {
      GError *e = error != NULL ? error : first_error;
      augur_cmd_print_error (CMD, e->message);
      return augur_cmd_explore_exit_for_error (e);
    }
  g_print ("not reproduced: %s\n", heading);
  return AUGUR_EXIT_PROGRAM;
}

int
augur_cmd_replay (int argc, char **argv)
{
  gboolean gdb = FALSE, show_output = FALSE;
  g_autofree char *facts_path = NULL;
  g_auto(GStrv) rest = NULL;
  GOptionEntry entries[] = {
    { "gdb", 0, 0, G_OPTION_ARG_NONE, &gdb, "Run under gdb, stopped before the bug's step", NULL },
    { "show-output", 0, 0, G_OPTION_ARG_NONE, &show_output, "Let the program's output through", NULL },
    { "static-facts", 0, 0, G_OPTION_ARG_FILENAME, &facts_path,
      "The facts the finding was explored with (augur explore --static-facts; augur check's "
      "DIR/static-facts.json is tried by itself); not with --gdb", "FACTS" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL,
      "RESULTS[#FINDING] [-- PROGRAM [ARG...]]" },
    { NULL }
  };
  static const char help_summary[] =
    "Re-run a finding's schedule and stop at the bug.\n\n"
    "The program and its arguments are those RESULTS names; after --, another\n"
    "path to the same program (a moved build tree) and the arguments to give it.";
  if (!augur_cmd_parse_options (CMD, entries, help_summary, NULL, FALSE, &argc, &argv))
    return AUGUR_EXIT_USAGE;
  g_autoptr(GError) error = NULL;
  if (rest == NULL || rest[0] == NULL)
    return augur_cmd_usage_error (CMD, "expected RESULTS[#FINDING] [-- PROGRAM [ARG...]]; see "
                                       "'augur replay --help'");
  g_autofree char *path = NULL;
  guint which = 1, n = 0;
  g_autoptr(AugurResults) results = NULL;
  AugurFinding *target = NULL;
  g_autofree guint *threads = NULL;
  int status = load_target (rest[0], &path, &which, &results, &target, &threads, &n);
  if (status >= 0)
    return status;
  /* the program named after --, the same one elsewhere (replay checks
   * that it is the one the schedule was found in) */
  const char *const *pargv = rest[1] != NULL ? (const char *const *) rest + 1
                                             : augur_results_get_argv (results);
  /* malloc as the exploration had it: the schedule's addresses depend on it */
  augur_malloc_reuse_set (augur_results_get_malloc_reuse (results));
  if (gdb)
    {
      augur_debugger_exec (pargv, threads, n, &error);   /* returns on failure only */
      augur_cmd_print_error (CMD, error->message);
      return AUGUR_EXIT_TOOL;
    }
  if (augur_finding_get_prediction_pattern (target) != NULL)
    return replay_prediction (pargv, target, show_output, path, which);
  return replay_explored (pargv, target, threads, n, show_output, facts_path, path,
                          augur_results_get_source_dir (results));
}
