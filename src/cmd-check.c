/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cmd-check.c — `augur check [--budget S] [-o DIR] -- PROGRAM ARGS...`:
 * the whole pipeline on one program.
 *
 *   1. record one execution (common/record-run.h);
 *   2. predict, from that trace, the reorderings that would break
 *      atomicity or race (predictor/);
 *   3. confirm each prediction by re-executing the program along it, and
 *      explore the program's interleavings in the time left (optimal DPOR,
 *      then preemption-bounded and PCT schedules; --mode chooses);
 *   4. diagnose the failures found in the time left (root causes, repairs
 *      verified by re-exploration; DIR/diagnosis.json; --no-repair: not);
 *   5. write DIR/results.json and the HTML report into DIR.
 *
 * The budget is a hard limit (check/check-pipeline.h).
 *
 * Exit status: 0 no error (or nothing as severe as --fail-on) and the
 * analysis complete, 1 error(s) found (or findings as severe as
 * --fail-on), 2 usage error, 3 program missing or not built with augur-cc,
 * 4 the program could not be analysed, 5 augur or a tool it runs failed,
 * 6 no error found but the analysis incomplete.
 */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>

#include "check/check-pipeline.h"
#include "common/malloc-reuse.h"
#include "common/program-check.h"
#include "src/augur-cmd.h"

#define CMD "check"

/* The --help text. */
static const char help_summary[] =
  "Record one run of a program built with augur-cc, predict the interleavings that\n"
  "would break it, confirm them by re-execution, explore the rest, and report.";
static const char help_description[] =
  "Findings are errors (bugs: assertion, crash, deadlock, hang, data race, harmful\n"
  "atomicity violation, misuse), warnings (lock-order inversions that did not\n"
  "deadlock, main returning while threads run) or notes (a mutex never destroyed,\n"
  "coverage hints).\n\n"
  "Standard input: the recorded run reads augur's own (what you type or pipe in);\n"
  "the runs augur explores read /dev/null, or the --stdin FILE every run reads.\n"
  "Output: the recorded run's standard output and error go to DIR/run-output.txt;\n"
  "the explored runs' are not kept.  augur's findings and summary go to standard\n"
  "output, its progress and stage lines to standard error.\n"
  "One check at a time per DIR; a check into a used DIR first removes the trace,\n"
  "results, static facts, diagnosis and report pages an earlier check left there.\n\n"
  "Repair: when a failure (assertion, crash, deadlock) is confirmed and time is\n"
  "left in the budget, it is diagnosed (as augur diagnose does): root causes,\n"
  "kill-sets and repairs in DIR/diagnosis.json and the report; repairs are\n"
  "verified when the program is built from one source file.  The diagnosis never\n"
  "changes a finding or the exit status; --no-repair turns it off.\n\n"
  "The check is complete only when the exploration's search ended (every\n"
  "interleaving up to equivalence, no run cut) and, if the recorded run hung,\n"
  "an explored run hung too; the last line says \"complete: ...\" or\n"
  "\"incomplete: ...\" and why, as do results.json and the report.  Exploration\n"
  "is sequentially consistent: outcomes only atomics weaker than seq_cst allow are\n"
  "not run; store buffering and message passing with such atomics are named when\n"
  "met (\"complete: ..., under sequential consistency only (...)\"), other weak\n"
  "outcomes are not.\n\n"
  "Exit status: 0 no error (nothing as severe as --fail-on) and the analysis\n"
  "complete, 1 error(s) found (or findings as severe as --fail-on), 2 usage error\n"
  "(or DIR in use), 3 program missing or not built with augur-cc, 4 the program\n"
  "could not be analysed, 5 augur or a tool it runs failed, 6 no error found but\n"
  "the analysis did not finish (budget spent, runs cut, a hang not found again,\n"
  "accesses augur cannot see):\n"
  "never read it as clean; 130/143/129 stopped by SIGINT/SIGTERM/SIGHUP\n"
  "(DIR/results.json then holds what was found).";

/* The options checked, and parsed into *mode, *max_size and *threshold:
 * AUGUR_EXIT_OK, or the exit status of the first that is wrong (told). */
static int
check_options (char **rest, int budget, int timeout, const char *mode_text,
               const char *max_size_text, const char *fail_on, const char *compile_db,
               AugurCheckMode *mode, guint64 *max_size, AugurSeverity *threshold)
{
  if (rest == NULL || rest[0] == NULL)
    return augur_cmd_usage_error (CMD,
                                  "no program given; "
                                  "usage: augur check [-o DIR] -- PROGRAM [ARG...]");
  if (budget <= 0 || timeout <= 0)
    return augur_cmd_usage_error (CMD,
                                  "--budget and --timeout take a positive number of seconds");
  if (mode_text != NULL && !augur_check_mode_from_string (mode_text, mode))
    return augur_cmd_usage_error (CMD, "--mode takes auto, optimal, dpor, preempt or pct");
  if (max_size_text != NULL && (!augur_cmd_parse_size (max_size_text, max_size) || *max_size == 0))
    return augur_cmd_usage_error (CMD, "--max-trace-size takes a size in bytes, with K, M or G "
                                       "(\"64M\")");
  if (!augur_cmd_parse_fail_on (CMD, fail_on, threshold))
    return AUGUR_EXIT_USAGE;
  if (compile_db != NULL && !g_file_test (compile_db, G_FILE_TEST_IS_REGULAR))
    {
      g_autofree char *msg = g_strdup_printf ("no such compilation database: %s", compile_db);
      augur_cmd_print_error (CMD, msg);
      return AUGUR_EXIT_INPUT;
    }
  return AUGUR_EXIT_OK;
}

/* The counts among the options: AUGUR_EXIT_OK, or the usage error of the
 * first that is wrong (told). */
static int
check_counts (int jobs, int max_steps, gint64 max_events)
{
  if (jobs < 0)
    return augur_cmd_usage_error (CMD, "--jobs must not be negative");
  if (max_events < 0)
    return augur_cmd_usage_error (CMD, "--max-trace-events takes a number of events");
  if (max_steps < 0 || (guint) max_steps > AUGUR_SCHED_MAX_STEPS)
    {
      g_autofree char *msg = g_strdup_printf ("--max-steps takes a number from 1 to %u (the "
                                              "scheduler's page); for longer runs see the static "
                                              "facts (--cflags, -p) and --sync-only",
                                              AUGUR_SCHED_MAX_STEPS);
      return augur_cmd_usage_error (CMD, msg);
    }
  return AUGUR_EXIT_OK;
}

int
augur_cmd_check (int argc, char **argv)
{
  g_autofree char *output = NULL;
  g_autofree char *source_dir = NULL;
  g_autofree char *static_cflags = NULL;
  g_autofree char *compile_db = NULL;
  g_autofree char *stdin_file = NULL;
  int budget = 120;
  int timeout = G_MININT;   /* not given: 30, and explored runs may wait less (check-pipeline.h) */
  int jobs = 1, max_steps = 0;
  gboolean sync_only = FALSE;
  gboolean quiet = FALSE, malloc_reuse = FALSE;
  gboolean no_repair = FALSE, repair = FALSE;
  g_autofree char *fail_on = NULL;
  g_autofree char *mode_text = NULL;
  g_autofree char *max_size_text = NULL;
  gint64 max_events = 0;
  g_auto (GStrv) rest = NULL;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      "Write the trace, results.json and the HTML report into DIR (default augur-report)", "DIR" },
    { "budget", 'b', 0, G_OPTION_ARG_INT, &budget,
      "Spend at most S seconds in all (default 120); what was found by then is kept", "S" },
    { "mode", 'm', 0, G_OPTION_ARG_STRING, &mode_text,
      "How to explore: auto (default: optimal DPOR, then preemption-bounded and PCT "
      "schedules in the time it leaves), optimal, dpor, preempt (bounds 2, 3, ...) or pct",
      "MODE" },
    { "max-trace-size", 0, 0, G_OPTION_ARG_STRING, &max_size_text,
      "Cut the recorded run's trace at SIZE bytes (K, M, G suffixes; default: 8M per "
      "second of budget, from 16M to 1G)", "SIZE" },
    { "max-trace-events", 0, 0, G_OPTION_ARG_INT64, &max_events,
      "Cut the recorded run's trace after about N events (default: 100,000 per second of "
      "budget, from 2 million to 16 million; a spinning run reaches it long before the size cap)",
      "N" },
    { "timeout", 't', 0, G_OPTION_ARG_INT, &timeout,
      "Kill one run of the program after S seconds (default 30; the recorded run after at "
      "most a quarter of the budget; an explored run when it takes no step for S seconds, by "
      "default for less when a stage's share of the budget is short)", "S" },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &jobs,
      "Run N executions at once when exploring (default 1, 0: one per processor)", "N" },
    { "max-steps", 0, 0, G_OPTION_ARG_INT, &max_steps,
      "Step bound of one explored run (default 200000, or 262144 when the recorded run was "
      "longer; at most 262144)", "N" },
    { "sync-only", 0, 0, G_OPTION_ARG_NONE, &sync_only,
      "Explore with scheduling points at synchronisation only: longer runs fit, no data races "
      "found by exploration (the predictor still predicts them), never complete", NULL },
    { "source-dir", 's', 0, G_OPTION_ARG_FILENAME, &source_dir,
      "Resolve relative source file names in the report against DIR", "DIR" },
    { "cflags", 0, 0, G_OPTION_ARG_STRING, &static_cflags,
      "Preprocessor flags added for the static analysis of every source (\"-Iinclude "
      "-DNDEBUG\"); each source also gets its own, which augur-cc recorded", "FLAGS" },
    { "compile-commands", 'p', 0, G_OPTION_ARG_FILENAME, &compile_db,
      "Take each source's flags for the static analysis from a compilation database",
      "compile_commands.json" },
    { "stdin", 0, 0, G_OPTION_ARG_FILENAME, &stdin_file,
      "Every run of the program reads FILE as its standard input", "FILE" },
    { "repair", 0, 0, G_OPTION_ARG_NONE, &repair,
      "Diagnose the failures found in the time left of the budget (the default)", NULL },
    { "no-repair", 0, 0, G_OPTION_ARG_NONE, &no_repair,
      "Do not diagnose the failures found (by default, in the time left of the budget: root "
      "causes and repairs, verified when the program is one source file, in DIR/diagnosis.json)",
      NULL },
    { "malloc-reuse", 0, 0, G_OPTION_ARG_NONE, &malloc_reuse,
      "When exploring, malloc hands a freed block of up to 1 KiB back at once, as glibc does "
      "(finds ABA problems through the allocator; a use of a block handed out again is no "
      "longer seen as a use of freed memory)", NULL },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, "Print only the summary", NULL },
    { "fail-on", 0, 0, G_OPTION_ARG_STRING, &fail_on,
      "Exit with 1 for findings of this severity or worse: error (default), warning, note",
      "SEVERITY" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, "-- PROGRAM [ARG...]" },
    { NULL }
  };
  if (!augur_cmd_parse_options (CMD, entries, help_summary, help_description, TRUE, &argc,
                                &argv))
    return AUGUR_EXIT_USAGE;
  if (repair && no_repair)
    return augur_cmd_usage_error (CMD, "--repair and --no-repair contradict each other");
  g_autoptr (GError) error = NULL;
  AugurCheckMode mode = AUGUR_CHECK_MODE_AUTO;
  guint64 max_size = 0;
  AugurSeverity threshold = AUGUR_SEVERITY_ERROR;
  gboolean timeout_given = timeout != G_MININT;
  if (!timeout_given)
    timeout = 30;
  int status = check_options (rest, budget, timeout, mode_text, max_size_text, fail_on,
                              compile_db, &mode, &max_size, &threshold);
  if (status != AUGUR_EXIT_OK)
    return status;
  status = check_counts (jobs, max_steps, max_events);
  if (status != AUGUR_EXIT_OK)
    return status;
  g_autofree char *program = augur_program_check (rest[0], &error);
  if (program == NULL)
    return augur_cmd_error (CMD, AUGUR_EXIT_INPUT, error->message);
  g_free (rest[0]);
  rest[0] = g_strdup (program);

  augur_malloc_reuse_set (malloc_reuse);
  AugurCheckOptions options = {
    .argv = (const char *const *) rest,
    .out_dir = output != NULL ? output : "augur-report",
    .source_dir = source_dir,
    .stdin_path = stdin_file,
    .budget_seconds = budget,
    .run_timeout_seconds = timeout,
    .run_timeout_given = timeout_given,
    .quiet = quiet,
    .static_cflags = static_cflags,
    .compile_db = compile_db,
    .fail_on = threshold,
    .mode = mode,
    .max_trace_bytes = max_size,
    .max_trace_events = (guint64) max_events,
    .jobs = jobs > 0 ? (guint) jobs : g_get_num_processors (),
    .no_repair = no_repair,
    .max_steps = (guint) max_steps,
    .sync_only = sync_only,
  };
  return augur_check_run (&options);
}
